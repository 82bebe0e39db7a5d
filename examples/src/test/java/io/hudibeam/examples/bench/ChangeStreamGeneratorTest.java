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
package io.hudibeam.examples.bench;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.junit.Assert.assertThrows;

import io.hudibeam.examples.bench.ChangeStreamGenerator.FinalState;
import io.hudibeam.examples.bench.ChangeStreamGenerator.Stored;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.beam.sdk.values.Row;
import org.junit.Test;

/** {@link ChangeStreamGenerator}: its events and the final state it computes for the check. */
public class ChangeStreamGeneratorTest {
  private static final long EVENTS = 100_000;

  /**
   * The final state computed independently: walking the events backwards, the first event met of a
   * key is its last; a delete leaves no row, anything else the row of that event.
   */
  private static Map<String, Map<String, Stored>> lastEventOfEachKey(
      ChangeStreamGenerator generator, long events) {
    Map<String, Map<String, Stored>> out = new TreeMap<>();
    for (String table : generator.tableNames()) {
      out.put(table, new HashMap<>());
    }
    Set<String> decided = new HashSet<>();
    for (long i = events - 1; i >= 0; i--) {
      Row event = generator.event(i);
      String id = event.getString("id");
      if (!decided.add(id)) {
        continue;
      }
      if (!event.getString("op").equals("d")) {
        out.get(event.getString("table"))
            .put(
                id,
                new Stored(
                    event.getInt64("lsn"), event.getString("name"), event.getInt64("amount")));
      }
    }
    return out;
  }

  @Test
  public void theFinalStateIsTheLastEventOfEachKeyDeletesLeavingNoRow() {
    for (int tables : new int[] {1, 20}) {
      ChangeStreamGenerator generator = new ChangeStreamGenerator(tables, 1000, 5000);
      FinalState state = generator.finalState(EVENTS);
      assertThat(state.tables(), is(lastEventOfEachKey(generator, EVENTS)));
      assertThat(state.tables().size(), is(tables));
      assertThat(state.inserts() + state.updates() + state.deletes(), is(EVENTS));
    }
  }

  @Test
  public void twentyTablesHoldTheRowsOfOneTableEachKeyInItsOwnTable() {
    ChangeStreamGenerator one = new ChangeStreamGenerator(1, 1000, 5000);
    ChangeStreamGenerator twenty = new ChangeStreamGenerator(20, 1000, 5000);
    Map<String, Stored> union = new HashMap<>();
    twenty
        .finalState(EVENTS)
        .tables()
        .forEach(
            (table, rows) -> {
              assertThat(table + " has rows", rows.size(), greaterThan(1000));
              rows.forEach(
                  (id, row) -> {
                    long key = Long.parseLong(id.substring(1));
                    assertThat(twenty.table(key), is(table));
                    union.put(id, row);
                  });
            });
    assertThat(union, is(one.finalState(EVENTS).tables().get("t00")));
  }

  @Test
  public void aboutSeventyTwentyTenAndUpdatesAndDeletesMostlyHitStoredKeys() {
    ChangeStreamGenerator generator = new ChangeStreamGenerator(20, 1000, 5000);
    FinalState state = generator.finalState(EVENTS);
    assertThat(state.inserts(), allOf(greaterThan(69_000L), lessThan(71_000L)));
    assertThat(state.updates(), allOf(greaterThan(19_000L), lessThan(21_000L)));
    assertThat(state.deletes(), allOf(greaterThan(9_000L), lessThan(11_000L)));
    assertThat(
        state.updatesOfStoredKeys(),
        allOf(greaterThan(state.updates() * 8 / 10), lessThan(state.updates())));
    assertThat(
        state.deletesOfStoredKeys(),
        allOf(greaterThan(state.deletes() * 8 / 10), lessThan(state.deletes())));
    assertThat(
        state.rows(),
        is(
            state.inserts()
                - state.deletesOfStoredKeys()
                + (state.updates() - state.updatesOfStoredKeys())));
  }

  @Test
  public void anUpdateOrDeleteNamesTheKeyOfAnEarlierInsert() {
    ChangeStreamGenerator generator = new ChangeStreamGenerator(20, 1000, 5000);
    for (long i = 0; i < 20_000; i++) {
      long key = generator.keyIndex(i);
      if (ChangeStreamGenerator.op(i).equals("c")) {
        assertThat(key, is(i));
      } else {
        assertThat("event " + i + "'s key", key, lessThan(i));
        assertThat(ChangeStreamGenerator.op(key), is("c"));
      }
      Row event = generator.event(i);
      assertThat(event.getInt64("lsn"), is(i));
      assertThat(event.getString("id"), is(ChangeStreamGenerator.id(key)));
    }
  }

  @Test
  public void eventTimesFollowTheRate() {
    ChangeStreamGenerator generator = new ChangeStreamGenerator(20, 4000, 5000);
    assertThat(generator.eventTime(0).getMillis(), is(ChangeStreamGenerator.EPOCH_MILLIS));
    assertThat(
        generator.eventTime(4000).getMillis(), is(ChangeStreamGenerator.EPOCH_MILLIS + 1000));
    assertThat(generator.eventTime(3999).getMillis(), is(ChangeStreamGenerator.EPOCH_MILLIS + 999));
  }

  @Test
  public void refusesATableCountOutOfRange() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new ChangeStreamGenerator(0, 1000, 10));
    assertThat(e.getMessage(), containsString("--tables must be 1 to 100, got 0"));
  }
}
