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
import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.concurrency.LiveWriters;
import io.hudibeam.concurrency.StorageGuarantees;
import io.hudibeam.concurrency.TableLock;
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
import io.hudibeam.timeline.TimelineLayout;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps every start of an instant shares ({@link InstantStarter}, {@link BootstrapStarter},
 * {@link SinkStarter}): check the storage and the table's integrity, create or open the table,
 * under the {@link TableLock} keep the maintained metadata partitions, roll back failed writes,
 * initialise and compact the metadata table, and mint the requested instant after its heartbeat.
 * Immutable.
 */
final class StartSteps {
  /** The starts log under the name of {@link InstantStarter}, the class users configure. */
  static final Logger LOG = LoggerFactory.getLogger(InstantStarter.class);

  final FileSystem fs;
  final TablePaths paths;
  private final Clock clock;
  private final Heartbeats heartbeats;
  private final TableLock lock;
  private final ConcurrencySettings concurrency;
  private final MetadataTableSettings metadataTable;
  private final MetadataTableMaintenance maintenance;

  StartSteps(
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

  /** These steps with the metadata table's settings {@code settings}. */
  StartSteps metadataTable(MetadataTableSettings settings) {
    return new StartSteps(
        fs,
        paths,
        clock,
        heartbeats,
        lock,
        concurrency,
        Objects.requireNonNull(settings, "settings"),
        maintenance);
  }

  /** These steps with the metadata table's clean and archival {@code value}. */
  StartSteps metadataTableMaintenance(MetadataTableMaintenance value) {
    return new StartSteps(
        fs,
        paths,
        clock,
        heartbeats,
        lock,
        concurrency,
        metadataTable,
        Objects.requireNonNull(value, "value"));
  }

  /** Refuses storage that cannot hold the table safely, and a damaged table. */
  void checkTable() {
    StorageGuarantees.check(fs, paths, concurrency, lock);
    new TableIntegrity(fs, paths, clock).check();
  }

  /** Takes the table lock for {@code purpose}. */
  TableLock.Held acquire(String purpose) {
    return lock.acquire(purpose);
  }

  /** Whether the table exists (has its properties file). */
  boolean tableExists() {
    try {
      return fs.exists(paths.propertiesFile()) || fs.exists(paths.propertiesBackupFile());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + paths.propertiesFile(), e);
    }
  }

  /**
   * The timeline, listed now, in the layout of {@code table}'s version as the start read it (not
   * read again from {@code hoodie.properties}: a HEAD and a GET on an object store).
   */
  Timeline timeline(TableConfig table) {
    return Timeline.load(fs, paths, TimelineLayout.of(table.version()));
  }

  private boolean backupExists() {
    try {
      return fs.exists(paths.propertiesBackupFile());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + paths.propertiesBackupFile(), e);
    }
  }

  /**
   * Single writer: refuses to start beside a live writer, then rolls back every failed pending
   * instant. Optimistic concurrency control: rolls back, lazily, only the pending write instants
   * whose heartbeat has expired or that have none, and leaves the live writers' instants alone.
   */
  void rollBackFailedWrites(TableConfig table, InstantTimeGenerator generator) {
    if (concurrency.optimistic()) {
      new Rollback(fs, paths)
          .rollbackFailedLazily(pending -> heartbeats.isExpired(pending.time()), generator);
    } else {
      new LiveWriters(paths, heartbeats).refuseStart(timeline(table));
      new Rollback(fs, paths).rollbackAllPending(generator);
    }
  }

  /** Expired heartbeats of instants that are not pending (see {@link Heartbeats}). */
  void deleteOrphanHeartbeats(TableConfig table) {
    List<InstantTime> deleted = heartbeats.deleteExpiredOrphans(timeline(table));
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
  StartedInstant mint(StartedInstant minted, byte[] content) {
    return mint(minted, content, true);
  }

  /**
   * Creates the requested instant of {@code minted}; {@code inOrder}: refused unless its time is
   * after every instant on the timeline (otherwise only unless it is on the timeline already).
   */
  StartedInstant mint(StartedInstant minted, byte[] content, boolean inOrder) {
    Timeline timeline = timeline(minted.tableConfig());
    InstantTime instantTime = minted.instantTime();
    heartbeats.beat(instantTime);
    try {
      TimelineWriter writer = new TimelineWriter(fs, paths, minted.tableConfig());
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

  /**
   * Opens the table and refuses a request that contradicts it, or creates it from {@code requested}
   * ({@code ifMissing}).
   */
  TableConfig openOrCreate(TableConfigStore store, TableConfig requested, IfMissing ifMissing) {
    // Read at once, not checked first (a HEAD on an object store); the backup checked only when
    // the file is missing, as tableExists() does.
    Optional<TableConfig> present = store.loadIfPresent();
    boolean hasProperties = present.isPresent() || backupExists();
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
    TableConfig table = present.isPresent() ? present.get() : store.load();
    RequestedTableConfigCheck.check(table, requested, paths.toString());
    versions.checkExistingTable(table, requested);
    return table;
  }

  /**
   * Mints after the data timeline and, on table version 8, after the metadata table's latest
   * instant: its compactions take fresh instant times ({@link
   * MetadataCompaction#latestFreshInstant}) that no data instant, nor the metadata deltacommit
   * named after one, may reuse.
   */
  InstantTimeGenerator generator(TableConfig table) {
    return new InstantTimeGenerator(clock, table.timelineTimezone())
        .after(new MetadataCompaction(fs, paths).latestFreshInstant());
  }

  /**
   * Creates the metadata table of a table that has none ({@link MetadataTableInitialisation}), when
   * the settings ask for it; after failed writes are rolled back, before the instant is minted. A
   * storage failure while creating it leaves the table without one and the write goes on, as with
   * Hudi's writer.
   */
  TableConfig initialiseMetadataTable(TableConfig table) {
    return metadataTable.initialise()
        ? new MetadataTableInitialisation(fs, paths, () -> TableSchemas.latest(fs, paths))
            .initialiseOrGoOn(new TableConfigStore(fs, paths), table)
        : table;
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
  void compactMetadataTable(InstantTimeGenerator generator, boolean minted) {
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
  TableConfig metadataPartitions(TableConfigStore store, TableConfig table) {
    if (metadataTable.enable() && !table.metadataPartitions().isEmpty()) {
      new MetadataCompaction(fs, paths).undoDead();
    }
    MetadataPartitions partitions = new MetadataPartitions(fs, paths);
    return metadataTable.enable()
        ? partitions.keepMaintained(store, table)
        : partitions.dropDisabled(store, table);
  }
}
