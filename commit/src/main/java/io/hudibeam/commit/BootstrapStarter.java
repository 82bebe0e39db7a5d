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

import io.hudibeam.bootstrap.BootstrapInstants;
import io.hudibeam.commit.InstantStarter.IfMissing;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import java.util.function.Supplier;

/**
 * Starts the bootstrap of a source into a table at Hudi's reserved instant time instead of a minted
 * one ({@link InstantStarter#startBootstrap}), as Hudi's {@code SparkBootstrapCommitActionExecutor}
 * (0.15.0, 1.0.2) does.
 */
final class BootstrapStarter {
  private final StartSteps steps;

  BootstrapStarter(StartSteps steps) {
    this.steps = steps;
  }

  /**
   * Creates the table (or opens an empty one), rolls back failed pending instants (a crashed
   * bootstrap's), refuses a table whose timeline holds a completed write, as Hudi's {@code
   * execute()} does ("Active Timeline is expected to be empty for bootstrap"), and writes the
   * requested instant at {@code bootstrapInstant} ({@link BootstrapInstants}).
   */
  StartedInstant start(
      TableConfig requested,
      Action action,
      InstantTime bootstrapInstant,
      Supplier<String> writeSchema) {
    steps.checkTable();
    String schema = writeSchema.get();
    TableConfigStore store = new TableConfigStore(steps.fs, steps.paths);
    TableConfig table = steps.openOrCreate(store, requested, IfMissing.CREATE);
    // A table bootstrapped METADATA_ONLY holds the completed instant 00000000000001 and is refused
    // below; a crashed METADATA_ONLY bootstrap's pending instant (and its index files) is rolled
    // back and the bootstrap starts again.
    try (TableLock.Held held = steps.acquire("start a bootstrap")) {
      table = steps.metadataPartitions(store, table);
      InstantTimeGenerator generator = steps.generator(table);
      steps.rollBackFailedWrites(table, generator);
      steps.deleteOrphanHeartbeats(table);
      Timeline timeline = steps.timeline(table);
      BootstrapInstants.checkStartable(
          timeline, bootstrapInstant, steps.paths.basePath().toString());
      // The reserved time is before the rollback of a crashed bootstrap, which took a new time:
      // as Hudi's bootstrap after its rollbackFailedBootstrap, the bootstrap instant is created
      // out of order (only rollbacks and cleans can be on the timeline here).
      StartedInstant started =
          steps.mint(new StartedInstant(bootstrapInstant, action, table), new byte[0], false);
      return started.withWriteSchema(schema);
    }
  }
}
