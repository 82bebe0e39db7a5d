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
import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.concurrency.ConcurrentWriterException;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.concurrency.LiveWriters;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.concurrency.StorageGuarantees;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadatatable.MetadataCompaction;
import io.hudibeam.metadatatable.MetadataPartitions;
import io.hudibeam.metadatatable.MetadataTableInitialisation;
import io.hudibeam.metadatatable.MetadataTableMaintenance;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.table.RequestedTableConfigCheck;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TableNotFoundException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 */
public final class InstantStarter {
  private static final Logger LOG = LoggerFactory.getLogger(InstantStarter.class);

  /** What a start does when the base path holds no table. */
  public enum IfMissing {
    /** Create the table from the requested config. */
    CREATE,
    /** Fail with a {@link TableNotFoundException} (a delete has nothing to delete from). */
    REFUSE
  }

  private final FileSystem fs;
  private final TablePaths paths;
  private final Clock clock;
  private final Heartbeats heartbeats;
  private final TableLock lock;
  private final ConcurrencySettings concurrency;
  private final MetadataTableSettings metadataTable;
  private final MetadataTableMaintenance maintenance;

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
        fs,
        paths,
        clock,
        new Heartbeats(fs, paths, heartbeat, clock),
        lock,
        concurrency,
        MetadataTableSettings.defaults(),
        MetadataTableMaintenance.NONE);
  }

  private InstantStarter(
      FileSystem fs,
      TablePaths paths,
      Clock clock,
      Heartbeats heartbeats,
      TableLock lock,
      ConcurrencySettings concurrency,
      MetadataTableSettings metadataTable,
      MetadataTableMaintenance maintenance) {
    this.fs = fs;
    this.paths = paths;
    this.clock = clock;
    this.heartbeats = heartbeats;
    this.lock = lock;
    this.concurrency = concurrency;
    this.metadataTable = metadataTable;
    this.maintenance = maintenance;
  }

  /**
   * This starter, keeping (and compacting) the files partition of the table's metadata table
   * ({@link MetadataTableSettings#enable}, the default) or deleting the metadata table as Hudi's
   * writer does with {@code hoodie.metadata.enable=false}.
   */
  public InstantStarter metadataTable(MetadataTableSettings settings) {
    return new InstantStarter(
        fs,
        paths,
        clock,
        heartbeats,
        lock,
        concurrency,
        java.util.Objects.requireNonNull(settings, "settings"),
        maintenance);
  }

  /**
   * This starter, also cleaning and archiving the metadata table around its compaction, as Hudi's
   * metadata writer does ({@code HoodieBackedTableMetadataWriter.performTableServices}: clean,
   * compaction, archival); {@link MetadataTableMaintenance#NONE} by default.
   */
  public InstantStarter metadataTableMaintenance(MetadataTableMaintenance value) {
    return new InstantStarter(
        fs,
        paths,
        clock,
        heartbeats,
        lock,
        concurrency,
        metadataTable,
        java.util.Objects.requireNonNull(value, "value"));
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
    StorageGuarantees.check(fs, paths, concurrency, lock);
    new TableIntegrity(fs, paths, clock).check();
    String schema = writeSchema == null ? null : writeSchema.get();
    TableConfigStore store = new TableConfigStore(fs, paths);
    TableConfig table = openOrCreate(store, requested, ifMissing);
    StartedInstant started;
    try (TableLock.Held held = lock.acquire("start a " + action.value())) {
      table = metadataPartitions(store, table);
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
   * Timeline is expected to be empty for bootstrap").
   */
  public StartedInstant startBootstrap(
      TableConfig requested,
      Action action,
      InstantTime bootstrapInstant,
      Supplier<String> writeSchema) {
    StorageGuarantees.check(fs, paths, concurrency, lock);
    new TableIntegrity(fs, paths, clock).check();
    String schema = writeSchema.get();
    TableConfigStore store = new TableConfigStore(fs, paths);
    TableConfig table = openOrCreate(store, requested, IfMissing.CREATE);
    // A table bootstrapped METADATA_ONLY holds the completed instant 00000000000001 and is refused
    // below; a crashed METADATA_ONLY bootstrap's pending instant (and its index files) is rolled
    // back and the bootstrap starts again.
    try (TableLock.Held held = lock.acquire("start a bootstrap")) {
      table = metadataPartitions(store, table);
      InstantTimeGenerator generator = generator(table);
      rollBackFailedWrites(generator);
      deleteOrphanHeartbeats();
      Timeline timeline = Timeline.load(fs, paths);
      BootstrapInstants.checkStartable(timeline, bootstrapInstant, paths.basePath().toString());
      // The reserved time is before the rollback of a crashed bootstrap, which took a new time:
      // as Hudi's bootstrap after its rollbackFailedBootstrap, the bootstrap instant is created
      // out of order (only rollbacks and cleans can be on the timeline here).
      StartedInstant started =
          mint(new StartedInstant(bootstrapInstant, action, table), new byte[0], false);
      return started.withWriteSchema(schema);
    }
  }

  /**
   * Starts an instant of a streaming sink: as {@link #start}, but under the lock rolls back only
   * the given pending instants (the sink's own abandoned ones, newest first; other writers'
   * instants are never touched), and writes {@code lineage} (see {@link SinkLineage}) with the
   * operation type into the requested file, so a later run recognises the instant as the sink's.
   */
  public StartedInstant startForSink(
      TableConfig requested,
      Action action,
      OperationType operation,
      Map<String, String> lineage,
      List<InstantTime> abandoned) {
    StorageGuarantees.check(fs, paths, concurrency, lock);
    new TableIntegrity(fs, paths, clock).check();
    TableConfigStore store = new TableConfigStore(fs, paths);
    TableConfig table = openOrCreate(store, requested, IfMissing.CREATE);
    try (TableLock.Held held = lock.acquire("start a " + action.value() + " of a streaming sink")) {
      table = metadataPartitions(store, table);
      InstantTimeGenerator generator = generator(table);
      Rollback rollback = new Rollback(fs, paths);
      rollback.resumePending();
      List<InstantTime> newestFirst = new ArrayList<>(abandoned);
      newestFirst.sort(Comparator.reverseOrder());
      for (InstantTime pending : newestFirst) {
        LOG.info(
            "Table {}: rolling back {}, left pending by an earlier run of sink {}",
            paths,
            pending,
            lineage.get(SinkLineage.SINK_ID));
        rollback.rollback(pending, generator.next(Timeline.load(fs, paths)));
      }
      deleteOrphanHeartbeats();
      table = initialiseMetadataTable(table);
      compactMetadataTable(generator, false);
      CommitMetadata.Builder content = CommitMetadata.builder().operationType(operation);
      lineage.forEach(content::putExtraMetadata);
      StartedInstant started =
          mint(
              new StartedInstant(generator.next(Timeline.load(fs, paths)), action, table, lineage),
              CommitMetadataFormat.encode(new TimelineWriter(fs, paths).layout(), content.build()));
      compactMetadataTable(generator, true);
      return started;
    }
  }

  /** Whether the table exists (has its properties file). */
  public boolean tableExists() {
    try {
      return fs.exists(paths.propertiesFile()) || fs.exists(paths.propertiesBackupFile());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + paths.propertiesFile(), e);
    }
  }

  /**
   * Single writer: refuses to start beside a live writer, then rolls back every failed pending
   * instant. Optimistic concurrency control: rolls back, lazily, only the pending write instants
   * whose heartbeat has expired or that have none, and leaves the live writers' instants alone.
   * Then mints the instant, writes its heartbeat, then its requested file.
   */
  private StartedInstant startUnderLock(TableConfig current, Action action) {
    InstantTimeGenerator generator = generator(current);
    rollBackFailedWrites(generator);
    deleteOrphanHeartbeats();
    TableConfig table = initialiseMetadataTable(current);
    compactMetadataTable(generator, false);
    StartedInstant started =
        mint(
            new StartedInstant(generator.next(Timeline.load(fs, paths)), action, table),
            new byte[0]);
    compactMetadataTable(generator, true);
    return started;
  }

  private void rollBackFailedWrites(InstantTimeGenerator generator) {
    if (concurrency.optimistic()) {
      new Rollback(fs, paths)
          .rollbackFailedLazily(pending -> heartbeats.isExpired(pending.time()), generator);
    } else {
      new LiveWriters(paths, heartbeats).refuseStart(Timeline.load(fs, paths));
      new Rollback(fs, paths).rollbackAllPending(generator);
    }
  }

  /**
   * Runs a table service's scheduling step ({@code HudiIO.compact()}'s schedule) on an existing
   * table the way a write start runs, under the {@link TableLock}: with the same failed-writes
   * policy first (single writer: refuses to run beside a live writer, naming it, then rolls back
   * every failed pending write; optimistic concurrency control: rolls back only the pending writes
   * whose heartbeat has expired), then {@code service} with an instant-time generator, still under
   * the lock, so no write can start between the rollback and the service's instant. A live writer's
   * instant is never rolled back.
   */
  public <T> T underLockAfterFailedWrites(
      String purpose, Function<InstantTimeGenerator, T> service) {
    StorageGuarantees.check(fs, paths, concurrency, lock);
    new TableIntegrity(fs, paths, clock).check();
    TableConfig table = new TableConfigStore(fs, paths).load();
    try (TableLock.Held held = lock.acquire(purpose)) {
      InstantTimeGenerator generator = generator(table);
      rollBackFailedWrites(generator);
      return service.apply(generator);
    }
  }

  /** Expired heartbeats of instants that are not pending (see {@link Heartbeats}). */
  private void deleteOrphanHeartbeats() {
    List<InstantTime> deleted = heartbeats.deleteExpiredOrphans(Timeline.load(fs, paths));
    if (!deleted.isEmpty()) {
      LOG.info(
          "Table {}: deleted the expired heartbeats of {}, which have no pending instant",
          paths,
          deleted);
    }
  }

  /**
   * Writes the heartbeat of {@code minted}, then its requested file with {@code content}, and
   * records the completed write instants the start saw. Runs under the lock.
   */
  private StartedInstant mint(StartedInstant minted, byte[] content) {
    return mint(minted, content, true);
  }

  /**
   * Creates the requested instant of {@code minted}; {@code inOrder}: refused unless its time is
   * after every instant on the timeline (otherwise only unless it is on the timeline already).
   */
  private StartedInstant mint(StartedInstant minted, byte[] content, boolean inOrder) {
    Timeline timeline = Timeline.load(fs, paths);
    InstantTime instantTime = minted.instantTime();
    heartbeats.beat(instantTime);
    try {
      TimelineWriter writer = new TimelineWriter(fs, paths);
      if (inOrder) {
        writer.createRequested(instantTime, minted.action(), content);
      } else {
        writer.createRequestedNotInOrder(instantTime, minted.action(), content);
      }
    } catch (RuntimeException e) {
      heartbeats.delete(instantTime);
      throw e;
    }
    Set<InstantTime> completedWrites = new TreeSet<>();
    for (Instant completed : timeline.completed().instants()) {
      if (completed.action() == Action.COMMIT
          || completed.action() == Action.DELTA_COMMIT
          || completed.action() == Action.REPLACE_COMMIT) {
        completedWrites.add(completed.time());
      }
    }
    return minted.withCompletedWritesAtStart(completedWrites);
  }

  private TableConfig openOrCreate(
      TableConfigStore store, TableConfig requested, IfMissing ifMissing) {
    boolean hasProperties;
    try {
      hasProperties = fs.exists(paths.propertiesFile()) || fs.exists(paths.propertiesBackupFile());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + paths.propertiesFile(), e);
    }
    if (!hasProperties && ifMissing == IfMissing.REFUSE) {
      throw new TableNotFoundException(
          String.format(
              "There is no Hudi table at %s (no %s): a delete needs an existing table, and none is"
                  + " created for it. Check the base path.",
              paths, paths.propertiesFile()));
    }
    TableVersionCheck versions = new TableVersionCheck(fs, paths);
    if (!hasProperties) {
      versions.checkNewTable(requested);
      return store.create(requested);
    }
    TableConfig table = store.load();
    RequestedTableConfigCheck.check(table, requested, paths.toString());
    versions.checkExistingTable(table, requested);
    return table;
  }

  /**
   * Compacts the metadata table's {@code files} partition when due, cleaning the metadata table
   * before and archiving it after ({@link MetadataTableMaintenance}; Hudi runs the metadata table's
   * services when a write starts, {@code HoodieBackedTableMetadataWriter.performTableServices}),
   * under the lock and after failed writes are rolled back: table version 6 before the instant is
   * minted ({@code minted} false), table version 8 after it is requested ({@code minted} true), as
   * Hudi 1.0.2 runs them for an instant it has started, so the fresh compaction instant comes after
   * the write's.
   */
  /**
   * Mints after the data timeline and, on table version 8, after the metadata table's latest
   * instant: its compactions take fresh instant times ({@link
   * MetadataCompaction#latestFreshInstant}) that no data instant, nor the metadata deltacommit
   * named after one, may reuse.
   */
  private InstantTimeGenerator generator(TableConfig table) {
    return new InstantTimeGenerator(clock, table.timelineTimezone())
        .after(new MetadataCompaction(fs, paths).latestFreshInstant());
  }

  /**
   * Creates the metadata table of a table that has none ({@link MetadataTableInitialisation}), when
   * the settings ask for it; after failed writes are rolled back, before the instant is minted. A
   * storage failure while creating it leaves the table without one and the write goes on, as with
   * Hudi's writer.
   */
  private TableConfig initialiseMetadataTable(TableConfig table) {
    return metadataTable.initialise()
        ? new MetadataTableInitialisation(fs, paths, () -> TableSchemas.latest(fs, paths))
            .initialiseOrGoOn(new TableConfigStore(fs, paths), table)
        : table;
  }

  private void compactMetadataTable(InstantTimeGenerator generator, boolean minted) {
    MetadataCompaction compaction = new MetadataCompaction(fs, paths);
    if (compaction.compactsAfterTheInstantStarts() == minted) {
      maintenance.clean(fs, paths, metadataTable, generator);
      compaction.compactIfDue(metadataTable, generator);
      maintenance.archive(fs, paths, metadataTable);
    }
  }

  /**
   * Under the lock: undoes a metadata compaction a stopped writer left pending ({@link
   * MetadataCompaction#undoDead}), then keeps the maintained metadata partitions and drops the
   * rest, or deletes the metadata table when it is disabled.
   */
  private TableConfig metadataPartitions(TableConfigStore store, TableConfig table) {
    if (metadataTable.enable() && !table.metadataPartitions().isEmpty()) {
      new MetadataCompaction(fs, paths).undoDead();
    }
    MetadataPartitions partitions = new MetadataPartitions(fs, paths);
    return metadataTable.enable()
        ? partitions.keepMaintained(store, table)
        : partitions.dropDisabled(store, table);
  }
}
