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
package io.hudibeam.commit;

import io.hudibeam.table.TableConfig;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A write instant that is requested on the timeline, with:
 *
 * <ul>
 *   <li>the table config it was started on;
 *   <li>the write schema decided when it was started ({@code io.hudibeam.schema.SchemaEvolution});
 *   <li>the extra metadata its requested, inflight and completed files carry (empty for a batch
 *       write; a streaming sink's lineage, see {@link SinkLineage});
 *   <li>the completed write instants (commit, deltacommit, replacecommit) the start saw: the
 *       commit's conflict check takes every write instant completed since then as a candidate
 *       ({@link WriteConflicts}).
 * </ul>
 *
 * @param instantTime the instant's time
 * @param action the instant's action (commit, deltacommit, replacecommit)
 * @param tableConfig the table config the instant was started on
 * @param extraMetadata extra metadata of the instant's commit, sorted by key (unmodifiable); empty
 *     for batch
 * @param writeSchema the write schema decided at the start (Avro JSON, without meta fields), if one
 *     was set with {@link #withWriteSchema}
 * @param completedWritesAtStart the completed write instants the start saw (unmodifiable, sorted);
 *     empty when unknown
 */
public record StartedInstant(
    InstantTime instantTime,
    Action action,
    TableConfig tableConfig,
    SortedMap<String, String> extraMetadata,
    Optional<String> writeSchema,
    Optional<Set<InstantTime>> completedWritesAtStart) {

  public StartedInstant {
    Objects.requireNonNull(instantTime, "instantTime");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(tableConfig, "tableConfig");
    extraMetadata =
        Collections.unmodifiableSortedMap(
            new TreeMap<>(Objects.requireNonNull(extraMetadata, "extraMetadata")));
    Objects.requireNonNull(writeSchema, "writeSchema");
    completedWritesAtStart =
        Objects.requireNonNull(completedWritesAtStart, "completedWritesAtStart")
            .map(writes -> Collections.unmodifiableSortedSet(new TreeSet<>(writes)));
  }

  /**
   * An instant whose start snapshot is unknown: its commit checks conflicts only against completed
   * write instants newer than it. A starter adds the snapshot with {@link
   * #withCompletedWritesAtStart}.
   */
  public StartedInstant(InstantTime instantTime, Action action, TableConfig tableConfig) {
    this(instantTime, action, tableConfig, Map.of());
  }

  public StartedInstant(
      InstantTime instantTime,
      Action action,
      TableConfig tableConfig,
      Map<String, String> extraMetadata) {
    this(
        instantTime,
        action,
        tableConfig,
        new TreeMap<>(extraMetadata),
        Optional.empty(),
        Optional.empty());
  }

  /**
   * This instant with the schema its files are written with and its commit records (Avro JSON,
   * without meta fields), decided when it was started ({@code io.hudibeam.schema.SchemaEvolution}).
   */
  public StartedInstant withWriteSchema(String writeSchemaJson) {
    return new StartedInstant(
        instantTime,
        action,
        tableConfig,
        extraMetadata,
        Optional.of(Objects.requireNonNull(writeSchemaJson, "writeSchemaJson")),
        completedWritesAtStart);
  }

  /** This instant with the completed write instants its start saw. */
  public StartedInstant withCompletedWritesAtStart(Set<InstantTime> completedWrites) {
    return new StartedInstant(
        instantTime,
        action,
        tableConfig,
        extraMetadata,
        writeSchema,
        Optional.of(Objects.requireNonNull(completedWrites, "completedWrites")));
  }

  @Override
  public String toString() {
    return "StartedInstant{" + instantTime + " " + action.value() + "}";
  }
}
