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
package io.hudibeam.write;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.MetadataTableMaintenance;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.sink.IntervalCommitter;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import java.time.Clock;
import java.util.Collection;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The transaction of one write instant in three steps, as Hudi's write client runs it ({@code
 * startCommit}, the write handles, {@code commit}): {@link #start} (the {@link InstantStarter}),
 * {@link #fileGroupWriter} (the write handle each bucket needs), {@link #commit} (the commit
 * metadata of the write stats, committed by an {@link IntervalCommitter} over an {@link
 * InstantCommitter}). The pipeline's stages call these steps on different workers, passing the
 * {@link StartedInstant} between them; tests that drive a write in one process call the same steps,
 * so they cannot drift from the stages. Table services after the commit (clean, compaction,
 * archival) are not part of it.
 *
 * <p>Bound to a table (its file system and paths) and the writer's heartbeat, lock, concurrency and
 * clock; holds no open resources.
 */
public final class WriteTransaction {
  private final Configuration conf;
  private final FileSystem fs;
  private final TablePaths paths;
  private final Clock clock;
  private final HeartbeatSettings heartbeat;
  private final ConcurrencySettings concurrency;
  private final MetadataTableSettings metadataTable;
  private final MetadataTableMaintenance maintenance;
  private final TableLock lock;

  private WriteTransaction(Builder b) {
    this.conf = b.conf;
    this.fs = b.fs;
    this.paths = b.paths;
    this.clock = b.clock;
    this.heartbeat = b.heartbeat;
    this.concurrency = b.concurrency;
    this.metadataTable = b.metadataTable;
    this.maintenance = b.maintenance;
    this.lock = new TableLock(fs, paths, b.lock, clock);
  }

  /**
   * A transaction on the table at {@code paths}, with the default heartbeat, lock and the UTC
   * clock.
   */
  public static Builder on(Configuration conf, FileSystem fs, TablePaths paths) {
    return new Builder(conf, fs, paths);
  }

  /**
   * The table lock the transaction's start and commit take (table services after a commit take it
   * too).
   */
  public TableLock lock() {
    return lock;
  }

  /**
   * Starts an instant of {@code action}, creating the table from {@code requested} if it is
   * missing.
   */
  public StartedInstant start(TableConfig requested, Action action) {
    return start(requested, action, InstantStarter.IfMissing.CREATE, null);
  }

  /**
   * Starts an instant (see {@link InstantStarter#start(TableConfig, Action,
   * InstantStarter.IfMissing, Supplier)}): {@code writeSchema} (may be null) decides the write
   * schema before anything is written.
   */
  public StartedInstant start(
      TableConfig requested,
      Action action,
      InstantStarter.IfMissing ifMissing,
      Supplier<String> writeSchema) {
    return new InstantStarter(fs, paths, clock, heartbeat, lock, concurrency)
        .metadataTable(metadataTable)
        .metadataTableMaintenance(maintenance)
        .start(requested, action, ifMissing, writeSchema);
  }

  /**
   * Starts the FULL_RECORD bootstrap instant at {@code bootstrapInstant} (see {@link
   * InstantStarter#startBootstrap}).
   */
  public StartedInstant startBootstrap(
      TableConfig requested,
      Action action,
      InstantTime bootstrapInstant,
      Supplier<String> writeSchema) {
    return new InstantStarter(fs, paths, clock, heartbeat, lock, concurrency)
        .metadataTable(metadataTable)
        .metadataTableMaintenance(maintenance)
        .startBootstrap(requested, action, bootstrapInstant, writeSchema);
  }

  /**
   * A writer of the started instant's file groups; give it the schema, ordering field and write
   * token.
   */
  public FileGroupWriter.Builder fileGroupWriter(StartedInstant started) {
    return FileGroupWriter.builder(
        WriteContext.builder().conf(conf).fs(fs).paths(paths).instant(started.instantTime()));
  }

  /**
   * Commits the started instant with the write stats of its file groups: the commit metadata
   * records {@code operation}, {@code schemaJson} and every stat. Idempotent: an instant already
   * committed is not committed again ({@link CommitOutcome#ALREADY_COMMITTED}).
   */
  public CommitOutcome commit(
      StartedInstant started,
      OperationType operation,
      String schemaJson,
      Collection<WriteStat> stats) {
    InstantTimeGenerator generator =
        new InstantTimeGenerator(clock, started.tableConfig().timelineTimezone());
    return new IntervalCommitter(
            fs, paths, new InstantCommitter(fs, paths, clock, heartbeat, lock, concurrency))
        .commit(started, commitMetadata(operation, schemaJson, stats), generator);
  }

  /** The commit metadata {@link #commit} writes: the operation, the schema and every write stat. */
  public static CommitMetadata commitMetadata(
      OperationType operation, String schemaJson, Collection<WriteStat> stats) {
    CommitMetadata.Builder metadata =
        CommitMetadata.builder().operationType(operation).schema(schemaJson);
    for (WriteStat stat : stats) {
      metadata.addWriteStat(stat.partitionPath(), stat);
    }
    return metadata.build();
  }

  /** Builder of a {@link WriteTransaction}. */
  public static final class Builder {
    private final Configuration conf;
    private final FileSystem fs;
    private final TablePaths paths;
    private Clock clock = Clock.systemUTC();
    private HeartbeatSettings heartbeat = HeartbeatSettings.defaults();
    private LockSettings lock = LockSettings.defaults();
    private ConcurrencySettings concurrency = ConcurrencySettings.singleWriter();
    private MetadataTableSettings metadataTable = MetadataTableSettings.defaults();
    private MetadataTableMaintenance maintenance = MetadataTableMaintenance.NONE;

    private Builder(Configuration conf, FileSystem fs, TablePaths paths) {
      this.conf = Objects.requireNonNull(conf, "conf");
      this.fs = Objects.requireNonNull(fs, "fs");
      this.paths = Objects.requireNonNull(paths, "paths");
    }

    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    public Builder heartbeat(HeartbeatSettings heartbeat) {
      this.heartbeat = Objects.requireNonNull(heartbeat, "heartbeat");
      return this;
    }

    public Builder lock(LockSettings lock) {
      this.lock = Objects.requireNonNull(lock, "lock");
      return this;
    }

    /** The writers' concurrency mode; a single writer unless given. */
    public Builder concurrency(ConcurrencySettings concurrency) {
      this.concurrency = Objects.requireNonNull(concurrency, "concurrency");
      return this;
    }

    /**
     * Whether a start keeps (and compacts) the files partition of the table's metadata table (the
     * default, as Hudi's {@code hoodie.metadata.enable}) or deletes the metadata table.
     */
    /**
     * The metadata table's clean and archival at the start ({@link
     * InstantStarter#metadataTableMaintenance}); none by default.
     */
    public Builder metadataTableMaintenance(MetadataTableMaintenance value) {
      this.maintenance = Objects.requireNonNull(value, "value");
      return this;
    }

    public Builder metadataTable(MetadataTableSettings settings) {
      this.metadataTable = Objects.requireNonNull(settings, "settings");
      return this;
    }

    public WriteTransaction build() {
      return new WriteTransaction(this);
    }
  }
}
