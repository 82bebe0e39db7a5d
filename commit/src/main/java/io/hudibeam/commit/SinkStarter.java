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

import io.hudibeam.commit.InstantStarter.IfMissing;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.TimelineLayout;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Starts an instant of a streaming sink ({@link InstantStarter#startForSink}): rolls back only the
 * sink's own abandoned instants, and writes the sink's lineage ({@link SinkLineage}) into the
 * requested file.
 */
final class SinkStarter {
  private final StartSteps steps;

  SinkStarter(StartSteps steps) {
    this.steps = steps;
  }

  /**
   * As a write's start, but under the lock rolls back only {@code abandoned} (newest first; other
   * writers' instants are never touched), and writes {@code lineage} with the operation type into
   * the requested file, so a later run recognises the instant as the sink's.
   */
  StartedInstant start(
      TableConfig requested,
      Action action,
      OperationType operation,
      Map<String, String> lineage,
      List<InstantTime> abandoned) {
    steps.checkTable();
    TableConfigStore store = new TableConfigStore(steps.fs, steps.paths);
    TableConfig table = steps.openOrCreate(store, requested, IfMissing.CREATE);
    try (TableLock.Held held =
        steps.acquire("start a " + action.value() + " of a streaming sink")) {
      table = steps.metadataPartitions(store, table);
      InstantTimeGenerator generator = steps.generator(table);
      Rollback rollback = new Rollback(steps.fs, steps.paths);
      rollback.resumePending();
      List<InstantTime> newestFirst = new ArrayList<>(abandoned);
      newestFirst.sort(Comparator.reverseOrder());
      for (InstantTime pending : newestFirst) {
        StartSteps.LOG.info(
            "Table {}: rolling back {}, left pending by an earlier run of sink {}",
            steps.paths,
            pending,
            lineage.get(SinkLineage.SINK_ID));
        rollback.rollback(pending, generator.next(steps.timeline(table)));
      }
      steps.deleteOrphanHeartbeats(table);
      table = steps.initialiseMetadataTable(table);
      steps.compactMetadataTable(generator, false);
      CommitMetadata.Builder content = CommitMetadata.builder().operationType(operation);
      lineage.forEach(content::putExtraMetadata);
      StartedInstant started =
          steps.mint(
              new StartedInstant(generator.next(steps.timeline(table)), action, table, lineage),
              CommitMetadataFormat.encode(TimelineLayout.of(table.version()), content.build()));
      steps.compactMetadataTable(generator, true);
      return started;
    }
  }
}
