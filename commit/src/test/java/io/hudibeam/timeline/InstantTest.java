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
import io.hudibeam.table.TimelineTimezone;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.Test;

public class InstantTest {
  private static final InstantTime T = InstantTime.parse("20261129114500216");

  /**
   * Hudi 0.15's metadata table names its compactions {@code <deltacommit>001} (20 digits, {@code
   * HoodieTableMetadataUtil.createCompactionTimestamp}); they parse, order as strings and read as
   * their first 17 digits.
   */
  @Test
  public void twentyDigitMetadataInstantsParseAndOrderAsStrings() {
    InstantTime deltaCommit = InstantTime.parse("20261206021500123");
    InstantTime compaction = deltaCommit.metadataCompactionTime();
    assertThat(compaction.value(), is("20261206021500123001"));
    assertThat(InstantTime.parse("20261206021500123001"), is(compaction));
    assertThat(compaction.isAfter(deltaCommit), is(true));
    assertThat(compaction.isBefore(InstantTime.parse("20261206021500124")), is(true));
    assertThat(compaction.toLocalDateTime(), is(deltaCommit.toLocalDateTime()));
    assertThat(
        Instant.tryParse("20261206021500123001.commit"),
        is(Optional.of(Instant.completed(compaction, Action.COMMIT))));
    assertThat(
        Instant.tryParse("20261206021500123001.compaction.requested"),
        is(Optional.of(Instant.requested(compaction, Action.COMPACTION))));
    assertThrows(HudiTableException.class, compaction::metadataCompactionTime);
    assertThrows(HudiTableException.class, () -> InstantTime.parse("202612060215001230011"));
  }

  @Test
  public void fileNamesEqualHudisForEveryActionAndState() {
    for (Action action : Action.values()) {
      if (action == Action.CLUSTERING) {
        continue; // timeline layout 2 only: Hudi 0.15 has no such action (see
        // layoutTwoNamesCarryTheCompletionTime)
      }
      for (State state : State.values()) {
        Instant instant;
        try {
          instant = Instant.of(T, action, state);
        } catch (HudiTableException e) {
          continue; // completed compaction is a commit; savepoint has no requested state
        }
        HoodieInstant hudi =
            new HoodieInstant(HoodieInstant.State.valueOf(state.name()), action.value(), T.value());
        assertThat(instant.toString(), instant.fileName(), is(hudi.getFileName()));
        assertThat(Instant.parse(instant.fileName()), is(instant));
      }
    }
  }

  @Test
  public void parsesTheLayoutOneNames() {
    assertThat(
        Instant.parse("20261129114500216.commit.requested"),
        is(Instant.requested(T, Action.COMMIT)));
    assertThat(Instant.parse("20261129114500216.inflight"), is(Instant.inflight(T, Action.COMMIT)));
    assertThat(Instant.parse("20261129114500216.commit"), is(Instant.completed(T, Action.COMMIT)));
    assertThat(
        Instant.parse("20261129114500216.compaction.requested"),
        is(Instant.requested(T, Action.COMPACTION)));
    assertThat(
        Instant.inflight(T, Action.COMPACTION).withState(State.COMPLETED),
        is(Instant.completed(T, Action.COMMIT)));
    assertThat(
        Instant.parse("20261129114500216.clean.inflight"), is(Instant.inflight(T, Action.CLEAN)));
  }

  @Test
  public void layoutTwoNamesCarryTheCompletionTime() {
    InstantTime c = InstantTime.parse("20261129114501003");
    Instant completed = Instant.parse("20261129114500216_20261129114501003.commit");
    assertThat(completed, is(Instant.completed(T, Action.COMMIT, c)));
    assertThat(completed.completionTime(), is(Optional.of(c)));
    assertThat(completed.fileName(), is("20261129114500216_20261129114501003.commit"));
    // As in Hudi's HoodieInstant, the completion time is not part of the identity.
    assertThat(completed, is(Instant.completed(T, Action.COMMIT)));
    assertThat(Instant.completed(T, Action.COMMIT).completionTime(), is(Optional.empty()));
    for (Action action :
        List.of(Action.DELTA_COMMIT, Action.REPLACE_COMMIT, Action.CLEAN, Action.ROLLBACK)) {
      String name = T + "_" + c + "." + action.value();
      assertThat(Instant.parse(name).fileName(), is(name));
      assertThat(Instant.parse(name).action(), is(action));
    }
    assertThat(
        Instant.inflight(T, Action.COMPACTION)
            .withState(State.COMPLETED)
            .withCompletionTime(c)
            .fileName(),
        is("20261129114500216_20261129114501003.commit"));
    // Hudi 1.0's pending clustering completes as a replacecommit.
    assertThat(
        Instant.parse(T + ".clustering.requested"), is(Instant.requested(T, Action.CLUSTERING)));
    assertThat(
        Instant.parse(T + ".clustering.inflight")
            .withState(State.COMPLETED)
            .withCompletionTime(c)
            .fileName(),
        is(T + "_" + c + ".replacecommit"));
    assertThat(Instant.tryParse(T + "_" + c + ".clustering"), is(Optional.empty()));
    // Equal times are allowed (Hudi requires completion >= requested).
    assertThat(Instant.parse(T + "_" + T + ".commit").completionTime(), is(Optional.of(T)));
  }

  @Test
  public void invalidLayoutTwoNamesAreNotInstants() {
    for (String name :
        List.of(
            "20261129114500216_20261129114501003.commit.inflight", // a pending state has no
            // completion time
            "20261129114500216_20261129114501003.commit.requested",
            "20261129114500216_20261129114501003.compaction", // completes as a commit
            "20261129114500216_2026112911450100.commit", // 16 digits
            "20261129114500216_20261129114500215.commit", // completed before it was requested
            "20261129114500216_.commit",
            "_20261129114500216.commit",
            "20261129114500216_20261129114501003.bogus")) {
      assertThat(name, Instant.tryParse(name), is(Optional.empty()));
    }
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> Instant.completed(T, Action.COMMIT, InstantTime.parse("20261129114500215")));
    assertThat(e.getMessage(), containsString("is before its instant time"));
    e =
        assertThrows(
            HudiTableException.class,
            () -> Instant.inflight(T, Action.COMMIT).withCompletionTime(T));
    assertThat(e.getMessage(), containsString("Only a completed instant has a completion time"));
  }

  @Test
  public void otherFilesInTheMetaFolderAreNotInstants() {
    for (String name :
        List.of(
            "hoodie.properties",
            "hoodie.properties.backup",
            "20261129114500216.commit.crc",
            ".20261129114500216.commit.crc",
            "20261129114500216.bogus",
            "20261129114500216.commit.done",
            "2026112911450.commit",
            "202611291145002161.commit",
            "abc.commit",
            "20261129114500216")) {
      assertThat(name, Instant.tryParse(name), is(Optional.empty()));
    }
  }

  @Test
  public void malformedNamesAreRefusedNamingTheName() {
    HudiTableException e =
        assertThrows(HudiTableException.class, () -> Instant.parse("2026.commit"));
    assertThat(e.getMessage(), containsString("'2026.commit' is not an instant file name"));
  }

  @Test
  public void instantTimesAreSeventeenDigits() {
    assertThat(
        InstantTime.parse("20261129114500216").toLocalDateTime(),
        is(LocalDateTime.of(2026, 11, 29, 11, 45, 0, 216_000_000)));
    for (String bad :
        new String[] {"", "2026112911450021", "2026112911450021x", "202611291145002167", null}) {
      HudiTableException e = assertThrows(HudiTableException.class, () -> InstantTime.parse(bad));
      assertThat(e.getMessage(), containsString("17 digits"));
    }
  }

  @Test
  public void generatorIsStrictlyAfterTheTimelineEvenWhenTheClockIsBehind() {
    Clock clock = Clock.fixed(java.time.Instant.parse("2026-11-29T11:45:00.100Z"), ZoneOffset.UTC);
    InstantTimeGenerator generator = new InstantTimeGenerator(clock, TimelineTimezone.UTC);
    assertThat(generator.next(Optional.empty()).value(), is("20261129114500100"));
    assertThat(generator.next(Optional.of(T)).value(), is("20261129114500217"));
    assertThat(
        generator.next(Optional.of(InstantTime.parse("20261129115959999"))).value(),
        is("20261129120000000"));
    assertThat(
        generator.next(Optional.of(InstantTime.parse("20201129115959999"))).value(),
        is("20261129114500100"));
  }
}
