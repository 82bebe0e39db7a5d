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

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.joda.time.Instant;

/**
 * The change stream of {@link ManyTablesRateBenchmark}: event {@code i} (0, 1, 2, ...) is a
 * function of {@code i} alone, so the stream's writer and the check afterwards agree without
 * sharing state. About 70% of the events insert a new key (the key {@code k<i>}), 20% update and
 * 10% delete the key of an earlier insert, at most {@code reach} events back (so most updates and
 * deletes hit a row the table holds; some hit a key deleted meanwhile: an update then inserts it
 * again, as an upsert does, and a delete changes nothing). Each event has the ordering value (log
 * sequence number) {@code i}, so the latest event of a key is its final state. A key belongs to one
 * of {@code tables} tables ({@code t00}, {@code t01}, ...) by a hash of the key; with one table
 * every key is in {@code t00}: the same events, the same keys, the same final rows.
 */
final class ChangeStreamGenerator implements Serializable {
  private static final long serialVersionUID = 1L;

  static final Schema SCHEMA =
      Schema.builder()
          .addStringField("table")
          .addStringField("id")
          .addInt64Field("lsn")
          .addStringField("op")
          .addStringField("name")
          .addInt64Field("amount")
          .build();

  /** Event time of event 0; a multiple of every whole-second commit interval up to 100 s. */
  static final long EPOCH_MILLIS = 1_700_000_000_000L;

  private final int tables;
  private final long ratePerSecond;
  private final long reach;

  ChangeStreamGenerator(int tables, long ratePerSecond, long reach) {
    if (tables < 1 || tables > 100) {
      throw new IllegalArgumentException("--tables must be 1 to 100, got " + tables);
    }
    if (ratePerSecond <= 0 || reach <= 0) {
      throw new IllegalArgumentException(
          "the rate and the reach must be > 0, got " + ratePerSecond + " and " + reach);
    }
    this.tables = tables;
    this.ratePerSecond = ratePerSecond;
    this.reach = reach;
  }

  /** SplitMix64's finalizer: a well mixed 64-bit hash. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /**
   * Event i's change type: {@code c} (70%), {@code u} (20%) or {@code d} (10%); event 0 inserts.
   */
  static String op(long i) {
    if (i == 0) {
      return "c";
    }
    long p = Math.floorMod(mix(i), 100L);
    return p < 70 ? "c" : p < 90 ? "u" : "d";
  }

  /**
   * Event i's key: its own index for an insert; for an update or delete, the index of the latest
   * insert at or before event {@code i - 1 - m} where {@code m} is a hash of {@code i} below {@code
   * reach}.
   */
  long keyIndex(long i) {
    if (op(i).equals("c")) {
      return i;
    }
    long j = i - 1 - Math.floorMod(mix(i ^ 0x5deece66dL), Math.min(i, reach));
    while (!op(j).equals("c")) {
      j--;
    }
    return j;
  }

  static String id(long keyIndex) {
    return String.format(Locale.ROOT, "k%010d", keyIndex);
  }

  /** The table of a key: {@code t00} with one table, else by a hash of the key. */
  String table(long keyIndex) {
    return tableName(tables == 1 ? 0 : (int) Math.floorMod(mix(~keyIndex), (long) tables));
  }

  static String tableName(int n) {
    return String.format(Locale.ROOT, "t%02d", n);
  }

  List<String> tableNames() {
    List<String> out = new ArrayList<>();
    for (int n = 0; n < tables; n++) {
      out.add(tableName(n));
    }
    return out;
  }

  static String name(long i) {
    return "n" + i;
  }

  static long amount(long i) {
    return Math.floorMod(mix(i + 17), 100_000L);
  }

  /** Event i as the row the pipeline writes. */
  Row event(long i) {
    long key = keyIndex(i);
    return Row.withSchema(SCHEMA)
        .addValues(table(key), id(key), i, op(i), name(i), amount(i))
        .build();
  }

  /** Event i's event time: {@link #EPOCH_MILLIS} plus i / rate seconds. */
  Instant eventTime(long i) {
    return new Instant(EPOCH_MILLIS + i * 1000 / ratePerSecond);
  }

  /** What a table holds of a key after the stream: the ordering value, name and amount. */
  record Stored(long lsn, String name, long amount) {}

  /**
   * The state after events {@code [0, events)}: table → record key → stored row, keys deleted last
   * absent; and how many updates and deletes found their key stored.
   */
  record FinalState(
      Map<String, Map<String, Stored>> tables,
      long inserts,
      long updates,
      long deletes,
      long updatesOfStoredKeys,
      long deletesOfStoredKeys) {
    long rows() {
      return tables.values().stream().mapToLong(Map::size).sum();
    }
  }

  /** Replays events {@code [0, events)} in order (each a later ordering value than the last). */
  FinalState finalState(long events) {
    Map<String, Map<String, Stored>> state = new TreeMap<>();
    for (String t : tableNames()) {
      state.put(t, new HashMap<>());
    }
    long inserts = 0;
    long updates = 0;
    long deletes = 0;
    long updatesHit = 0;
    long deletesHit = 0;
    for (long i = 0; i < events; i++) {
      long key = keyIndex(i);
      Map<String, Stored> rows = state.get(table(key));
      String op = op(i);
      boolean stored = rows.containsKey(id(key));
      switch (op) {
        case "c" -> inserts++;
        case "u" -> {
          updates++;
          updatesHit += stored ? 1 : 0;
        }
        default -> {
          deletes++;
          deletesHit += stored ? 1 : 0;
        }
      }
      if (op.equals("d")) {
        rows.remove(id(key));
      } else {
        rows.put(id(key), new Stored(i, name(i), amount(i)));
      }
    }
    Map<String, Map<String, Stored>> frozen = new TreeMap<>();
    state.forEach((t, rows) -> frozen.put(t, Collections.unmodifiableMap(rows)));
    return new FinalState(
        Collections.unmodifiableMap(frozen), inserts, updates, deletes, updatesHit, deletesHit);
  }
}
