/*
 * Copyright 2026 The HudiIO Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.hudibeam.files;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.timeline.InstantTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.Test;

/** Hudi 1.0's file slicing of version 8 log files by their deltacommit's completion time. */
public class CompletionTimeSlicingTest {
  private static final FileId FILE_ID = FileId.parse("1ef3941a-84d5-41d3-9733-fc0c2167412b-0");

  private static InstantTime t(int n) {
    return InstantTime.parse(String.format("20261201100000%03d", n));
  }

  private static LogFileName log(int deltaCommit) {
    return LogFileName.of(FILE_ID, t(deltaCommit), 1, WriteToken.of(0, deltaCommit, 1));
  }

  @Test
  public void aLogFileJoinsTheNewestSliceStartedAtOrBeforeItsCompletionTime() {
    // Base files at 100 (insert) and 300 (a compaction). d200 completed at 250, before the
    // compaction's instant: slice 100. d280 started before the compaction but completed at 310,
    // after it: slice 300, although its instant is older. d320 completed at 330: slice 300.
    Map<InstantTime, InstantTime> completed =
        Map.of(
            t(100), t(110),
            t(200), t(250),
            t(280), t(310),
            t(300), t(305),
            t(320), t(330));
    CompletionTimeSlicing slicing =
        CompletionTimeSlicing.of(
            Set.of(t(100), t(300)), List.of(log(320), log(280), log(200)), completed);
    assertThat(
        slicing.logsBySlice(),
        is(Map.of(t(100), List.of(log(200)), t(300), List.of(log(280), log(320)))));
    assertThat(slicing.sliceOf(log(280)), is(Optional.of(t(300))));
  }

  @Test
  public void aPendingLogFileJoinsTheNewestSlice() {
    CompletionTimeSlicing slicing =
        CompletionTimeSlicing.of(
            Set.of(t(100), t(300)), List.of(log(200)), Map.of(t(100), t(110), t(300), t(305)));
    assertThat(slicing.sliceOf(log(200)), is(Optional.of(t(300))));
  }

  @Test
  public void withoutBaseFilesTheFirstLogFileStartsTheSlice() {
    // A log-only file group: d200 starts slice 200, d300 (completed after 200) joins it.
    CompletionTimeSlicing slicing =
        CompletionTimeSlicing.of(
            Set.of(), List.of(log(300), log(200)), Map.of(t(200), t(210), t(300), t(310)));
    assertThat(slicing.logsBySlice(), is(Map.of(t(200), List.of(log(200), log(300)))));
  }

  @Test
  public void aLogFileCompletedBeforeEveryBaseInstantStartsItsOwnSlice() {
    // d100 completed at 150, before the base file at 200 was started (Hudi: "no base file that
    // starts earlier than the log delta commit completion time").
    CompletionTimeSlicing slicing =
        CompletionTimeSlicing.of(
            Set.of(t(200)), List.of(log(100)), Map.of(t(100), t(150), t(200), t(210)));
    assertThat(slicing.logsBySlice(), is(Map.of(t(100), List.of(log(100)), t(200), List.of())));
  }

  @Test
  public void aLogFileCompletedAtABaseInstantBelongsToThatSlice() {
    // Hudi compares completion time >= base instant.
    CompletionTimeSlicing slicing =
        CompletionTimeSlicing.of(Set.of(t(100), t(200)), List.of(log(150)), Map.of(t(150), t(200)));
    assertThat(slicing.sliceOf(log(150)), is(Optional.of(t(200))));
  }
}
