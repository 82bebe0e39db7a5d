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

import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.concurrency.ConcurrentWriterException;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadatatable.MetadataPartitions;
import io.hudibeam.metadatatable.MetadataTableMaintenance;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TableNotFoundException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileSystem;

/**
 * Starts a write instant (as Hudi 0.15's BaseHoodieWriteClient.startCommit does): creates the table
 * or opens it and refuses a request that contradicts it, keeps the metadata table's files partition
 * and drops the metadata partitions this writer does not maintain ({@link MetadataPartitions}),
 * rolls back failed pending write instants, mints an instant time after everything on the timeline
 * and writes the requested instant.
 *
 * <p>Concurrency ({@link #startUnderLock}): the steps from the rollback of failed instants to the
 * requested instant run under the {@link TableLock}. A pending write instant whose heartbeat is
 * live belongs to a running writer, and the start fails at once naming it ({@link
 * ConcurrentWriterException}); pending instants whose heartbeat expired or that have none (Hudi's
 * EAGER writers keep none) are rolled back. The new instant's heartbeat is written before its
 * requested file, so no other writer can see the instant without a live heartbeat. Unlike Hudi's
 * EAGER single writer, which rolls back every pending instant at start, a live writer is never
 * rolled back. With optimistic concurrency control ({@link ConcurrencySettings}) the start does not
 * refuse live writers: it rolls back only the failed ones (LAZY), and the commit's conflict check
 * decides between writers that ran at the same time.
 *
 * <p>The steps every start shares are in {@link StartSteps}; a bootstrap's start at its reserved
 * instant is {@link BootstrapStarter}'s, a streaming sink's start {@link SinkStarter}'s.
 */
public final class InstantStarter {
  /** What a start does when the base path holds no table. */
  public enum IfMissing {
    /** Create the table from the requested config. */
    CREATE,
    /** Fail with a {@link TableNotFoundException} (a delete has nothing to delete from). */
    REFUSE
  }

  private final StartSteps steps;

  public InstantStarter(FileSystem fs, TablePaths paths, Clock clock) {
    this(
        fs,
        paths,
        clock,
        HeartbeatSettings.defaults(),
        new TableLock(fs, paths, LockSettings.defaults(), clock));
  }

  public InstantStarter(
      FileSystem fs, TablePaths paths, Clock clock, HeartbeatSettings heartbeat, TableLock lock) {
    this(fs, paths, clock, heartbeat, lock, ConcurrencySettings.singleWriter());
  }

  public InstantStarter(
      FileSystem fs,
      TablePaths paths,
      Clock clock,
      HeartbeatSettings heartbeat,
      TableLock lock,
      ConcurrencySettings concurrency) {
    this(
        new StartSteps(
            fs,
            paths,
            clock,
            new Heartbeats(fs, paths, heartbeat, clock),
            lock,
            concurrency,
            MetadataTableSettings.defaults(),
            MetadataTableMaintenance.NONE));
  }

  private InstantStarter(StartSteps steps) {
    this.steps = steps;
  }

  /**
   * This starter, keeping (and compacting) the files partition of the table's metadata table
   * ({@link MetadataTableSettings#enable}, the default) or deleting the metadata table as Hudi's
   * writer does with {@code hoodie.metadata.enable=false}.
   */
  public InstantStarter metadataTable(MetadataTableSettings settings) {
    return new InstantStarter(steps.metadataTable(settings));
  }

  /**
   * This starter, also cleaning and archiving the metadata table around its compaction, as Hudi's
   * metadata writer does ({@code HoodieBackedTableMetadataWriter.performTableServices}: clean,
   * compaction, archival); {@link MetadataTableMaintenance#NONE} by default.
   */
  public InstantStarter metadataTableMaintenance(MetadataTableMaintenance value) {
    return new InstantStarter(steps.metadataTableMaintenance(value));
  }

  public StartedInstant start(TableConfig requested, Action action) {
    return start(requested, action, IfMissing.CREATE);
  }

  public StartedInstant start(TableConfig requested, Action action, IfMissing ifMissing) {
    return start(requested, action, ifMissing, null);
  }

  /**
   * As {@link #start(TableConfig, Action, IfMissing)}, with the write schema decided by {@code
   * writeSchema} (Avro JSON; it may refuse the write by throwing) after the table's integrity is
   * checked and before anything is written, and carried by the started instant.
   */
  public StartedInstant start(
      TableConfig requested, Action action, IfMissing ifMissing, Supplier<String> writeSchema) {
    steps.checkTable();
    String schema = writeSchema == null ? null : writeSchema.get();
    TableConfigStore store = new TableConfigStore(steps.fs, steps.paths);
    TableConfig table = steps.openOrCreate(store, requested, ifMissing);
    StartedInstant started;
    try (TableLock.Held held = steps.acquire("start a " + action.value())) {
      table = steps.metadataPartitions(store, table);
      started = startUnderLock(table, action);
    }
    return schema == null ? started : started.withWriteSchema(schema);
  }

  /**
   * Starts the bootstrap of a source into this table, at Hudi's reserved instant time {@code
   * bootstrapInstant} ({@code 00000000000001} for METADATA_ONLY, {@code 00000000000002} for
   * FULL_RECORD, {@link io.hudibeam.bootstrap.BootstrapInstants}) instead of a minted one, as
   * Hudi's {@code SparkBootstrapCommitActionExecutor} (0.15.0, 1.0.2) does: creates the table (or
   * opens an empty one), rolls back failed pending instants (a crashed bootstrap's), and refuses a
   * table whose timeline holds a completed write, as Hudi's {@code execute()} does ("Active
   * Timeline is expected to be empty for bootstrap"). See {@link BootstrapStarter}.
   */
  public StartedInstant startBootstrap(
      TableConfig requested,
      Action action,
      InstantTime bootstrapInstant,
      Supplier<String> writeSchema) {
    return new BootstrapStarter(steps).start(requested, action, bootstrapInstant, writeSchema);
  }

  /**
   * Starts an instant of a streaming sink: as {@link #start}, but under the lock rolls back only
   * the given pending instants (the sink's own abandoned ones, newest first; other writers'
   * instants are never touched), and writes {@code lineage} (see {@link SinkLineage}) with the
   * operation type into the requested file, so a later run recognises the instant as the sink's.
   * See {@link SinkStarter}.
   */
  public StartedInstant startForSink(
      TableConfig requested,
      Action action,
      OperationType operation,
      Map<String, String> lineage,
      List<InstantTime> abandoned) {
    return new SinkStarter(steps).start(requested, action, operation, lineage, abandoned);
  }

  /** Whether the table exists (has its properties file). */
  public boolean tableExists() {
    return steps.tableExists();
  }

  /**
   * Single writer: refuses to start beside a live writer, then rolls back every failed pending
   * instant. Optimistic concurrency control: rolls back, lazily, only the pending write instants
   * whose heartbeat has expired or that have none, and leaves the live writers' instants alone.
   * Then mints the instant, writes its heartbeat, then its requested file.
   */
  private StartedInstant startUnderLock(TableConfig current, Action action) {
    InstantTimeGenerator generator = steps.generator(current);
    steps.rollBackFailedWrites(current, generator);
    steps.deleteOrphanHeartbeats(current);
    TableConfig table = steps.initialiseMetadataTable(current);
    steps.compactMetadataTable(generator, false);
    StartedInstant started =
        steps.mint(
            new StartedInstant(generator.next(steps.timeline(table)), action, table), new byte[0]);
    steps.compactMetadataTable(generator, true);
    return started;
  }

  /**
   * Runs a table service's scheduling step ({@code HudiIO.compact()}'s schedule) on an existing
   * table the way a write start runs, under the {@link TableLock}: with the same failed-writes
   * policy first (single writer: refuses to run beside a live writer, naming it, then rolls back
   * every failed pending write; optimistic concurrency control: rolls back only the pending writes
   * whose heartbeat has expired), then {@code service} with an instant-time generator, still under
   * the lock, so no write can start between the rollback and the service's instant. A live writer's
   * instant is never rolled back. Before the rollback it keeps the metadata partitions this writer
   * maintains or, with {@code hoodie.metadata.enable=false}, deletes the metadata table, as {@link
   * #start} does. Between the rollback and {@code service} it initialises a missing metadata table
   * as a write's start does ({@link #metadataTable} settings; Hudi 0.15's table service client
   * creates the metadata writer, which initialises it, when it commits a compaction: {@code
   * BaseHoodieTableServiceClient.completeCompaction}, {@code writeTableMetadata}, {@code
   * HoodieTable.getMetadataWriter}).
   */
  public <T> T underLockAfterFailedWrites(
      String purpose, Function<InstantTimeGenerator, T> service) {
    steps.checkTable();
    TableConfigStore store = new TableConfigStore(steps.fs, steps.paths);
    try (TableLock.Held held = steps.acquire(purpose)) {
      // As a write's start: keeps the metadata partitions this writer maintains, or deletes the
      // metadata table with hoodie.metadata.enable=false, before failed writes are rolled back.
      TableConfig table = steps.metadataPartitions(store, store.load());
      InstantTimeGenerator generator = steps.generator(table);
      steps.rollBackFailedWrites(table, generator);
      // Reloaded under the lock: a writer may have initialised it since.
      steps.initialiseMetadataTable(store.load());
      return service.apply(generator);
    }
  }
}
