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
package io.hudibeam.timeline;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class InstantTimeGeneratorTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Clock FIXED =
      Clock.fixed(Instant.parse("2026-12-06T10:00:00.000Z"), ZoneOffset.UTC);

  @Test
  public void mintsAfterAFloorThatIsAfterTheTimeline() {
    InstantTimeGenerator plain = new InstantTimeGenerator(FIXED, TimelineTimezone.UTC);
    Optional<InstantTime> latest = Optional.of(InstantTime.parse("20261206095959000"));
    assertThat(plain.next(latest), is(InstantTime.parse("20261206100000000")));
    // A version 8 metadata table's compaction at the clock's millisecond: minted after it.
    InstantTimeGenerator floored = plain.after(Optional.of(InstantTime.parse("20261206100000000")));
    assertThat(floored.next(latest), is(InstantTime.parse("20261206100000001")));
    assertThat(floored.next(Optional.empty()), is(InstantTime.parse("20261206100000001")));
    // A floor before the timeline's latest changes nothing.
    InstantTimeGenerator low = plain.after(Optional.of(InstantTime.parse("20261206090000000")));
    assertThat(low.next(latest), is(InstantTime.parse("20261206100000000")));
    assertThat(plain.after(Optional.empty()).next(latest), is(plain.next(latest)));
  }

  @Test
  public void aRequestedInstantOutOfOrderIsRefusedOnlyWhenItsTimeIsTaken() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(tmp.newFolder("t").getAbsolutePath());
    fs.mkdirs(paths.metaFolder());
    TimelineWriter writer = new TimelineWriter(fs, paths);
    InstantTime later = InstantTime.parse("20261206100000500");
    InstantTime earlier = InstantTime.parse("20261206100000100");
    writer.createRequested(later, Action.COMPACTION, new byte[0]);
    assertThrows(
        HudiTableException.class,
        () -> writer.createRequested(earlier, Action.DELTA_COMMIT, new byte[0]));
    writer.createRequestedNotInOrder(earlier, Action.DELTA_COMMIT, new byte[0]);
    assertThat(Timeline.load(fs, paths).find(earlier, Action.DELTA_COMMIT).isPresent(), is(true));
    HudiTableException taken =
        assertThrows(
            HudiTableException.class,
            () -> writer.createRequestedNotInOrder(later, Action.DELTA_COMMIT, new byte[0]));
    assertThat(taken.getMessage(), containsString("already on its timeline"));
  }
}
