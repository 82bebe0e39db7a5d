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
package io.hudibeam.transforms.compact;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.metadata.CompactionPlan;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.MetadataCompaction;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.services.Compactor;
import io.hudibeam.services.MetadataTableServices;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.TableId;
import io.hudibeam.transforms.coders.WriteStatCoder;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.write.WriteCounters;
import io.hudibeam.transforms.write.WriteTokens;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.Impulse;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Compacts a merge-on-read table ({@code HudiIO.compact()}): one DoFn, under the table lock and
 * with the writers' failed-writes policy ({@link InstantStarter#underLockAfterFailedWrites}: it
 * refuses to run beside a live writer and never rolls one back), rolls back failed writes,
 * initialises a missing metadata table as a write's start does, takes the pending compactions (a
 * crashed run's, or ones Hudi's writer scheduled) or schedules a new one, and moves them inflight
 * (first compacting the metadata table's {@code files} partition when due, {@code
 * MetadataCompaction}); their operations are spread over workers (a reshuffle) and each writes the
 * new base file of one file slice; a GroupByKey per compaction instant gathers the write stats and
 * commits the instant ({@code @RequiresStableInput}, idempotent).
 */
public final class CompactTable extends PTransform<PBegin, PCollection<CommittedInstant>> {
  private static final long serialVersionUID = 1L;
  private final Settings settings;

  public CompactTable(
      String basePath, Map<String, String> hadoopConfiguration, Map<String, String> properties) {
    this.settings = new Settings(basePath, Map.copyOf(hadoopConfiguration), Map.copyOf(properties));
  }

  /** What every step needs: the table and Hadoop, Parquet and compaction-memory settings. */
  static final class Settings implements Serializable {
    private static final long serialVersionUID = 1L;
    final String basePath;
    final Map<String, String> hadoopConfiguration;
    final Map<String, String> properties;

    Settings(
        String basePath, Map<String, String> hadoopConfiguration, Map<String, String> properties) {
      this.basePath = basePath;
      this.hadoopConfiguration = hadoopConfiguration;
      this.properties = properties;
      SettingsReader.parquet(properties);
      SettingsReader.compactionMemory(properties);
      SettingsReader.heartbeat(properties);
      SettingsReader.lock(properties);
      SettingsReader.concurrency(properties);
      SettingsReader.metadataTable(properties);
    }

    Configuration conf() {
      Configuration conf = new Configuration();
      hadoopConfiguration.forEach(conf::set);
      return conf;
    }

    FileSystem fs(Configuration conf) {
      try {
        return new Path(basePath).getFileSystem(conf);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot get the file system of " + basePath, e);
      }
    }

    /** The table's name, from its {@code hoodie.properties}. */
    String tableName() {
      Configuration conf = conf();
      return new TableConfigStore(fs(conf), TablePaths.of(basePath)).load().name();
    }

    Compactor compactor() {
      Configuration conf = conf();
      return new Compactor(
          conf, fs(conf), TablePaths.of(basePath), SettingsReader.compactionMemory(properties));
    }
  }

  @Override
  public PCollection<CommittedInstant> expand(PBegin input) {
    return input
        .apply("Impulse", Impulse.create())
        .apply("Schedule", ParDo.of(new ScheduleFn(settings)))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), VarIntCoder.of()))
        .apply("Spread operations", Reshuffle.viaRandomKey())
        .apply("Compact file slices", ParDo.of(new ExecuteFn(settings)))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), WriteStatCoder.of()))
        .apply("Group by instant", GroupByKey.create())
        .apply("Commit", ParDo.of(new CommitFn(settings)))
        .setCoder(CommittedInstant.CommittedInstantCoder.of());
  }

  /** Outputs (compaction instant, operation index) for every operation to run. */
  static final class ScheduleFn extends DoFn<byte[], KV<String, Integer>> {
    private static final long serialVersionUID = 1L;
    private final Settings settings;

    ScheduleFn(Settings settings) {
      this.settings = settings;
    }

    @ProcessElement
    public void process(OutputReceiver<KV<String, Integer>> out) {
      Configuration conf = settings.conf();
      FileSystem fs = settings.fs(conf);
      TablePaths paths = TablePaths.of(settings.basePath);
      Compactor compactor =
          new Compactor(conf, fs, paths, SettingsReader.compactionMemory(settings.properties));
      compactor.checkTableVersion();
      Clock clock = Clock.systemUTC();
      Map<String, String> properties = settings.properties;
      InstantStarter starter =
          new InstantStarter(
                  fs,
                  paths,
                  clock,
                  SettingsReader.heartbeat(properties),
                  new TableLock(fs, paths, SettingsReader.lock(properties), clock),
                  SettingsReader.concurrency(properties))
              .metadataTable(SettingsReader.metadataTable(properties));
      List<InstantTime> instants =
          starter.underLockAfterFailedWrites(
              "schedule a compaction",
              generator -> {
                // The metadata table's files partition, when due (Hudi runs the metadata table's
                // services at the start of every write client action): table version 6 first.
                // Table version 8: after the data compaction is requested, as Hudi 1.0.2 runs
                // them for an instant it has started (its fresh instant comes after it).
                MetadataTableSettings metadataTable = SettingsReader.metadataTable(properties);
                MetadataCompaction metadataCompaction = new MetadataCompaction(fs, paths);
                boolean afterStart = metadataCompaction.compactsAfterTheInstantStarts();
                // Its clean before the compaction and its archival after, as Hudi's
                // performTableServices.
                MetadataTableServices metadataServices =
                    new MetadataTableServices(
                        SettingsReader.clean(properties), SettingsReader.archive(properties));
                if (metadataTable.enable()) {
                  metadataCompaction.undoDead();
                  if (!afterStart) {
                    metadataServices.clean(fs, paths, metadataTable, generator);
                    metadataCompaction.compactIfDue(metadataTable, generator);
                    metadataServices.archive(fs, paths, metadataTable);
                  }
                }
                List<InstantTime> found = new ArrayList<>(compactor.pending());
                if (found.isEmpty()) {
                  compactor
                      .schedule(generator, new TableConfigStore(fs, paths).load().tableType())
                      .ifPresent(found::add);
                }
                if (metadataTable.enable() && afterStart) {
                  metadataServices.clean(fs, paths, metadataTable, generator);
                  metadataCompaction.compactIfDue(metadataTable, generator);
                  metadataServices.archive(fs, paths, metadataTable);
                }
                return found;
              });
      for (InstantTime instant : instants) {
        CompactionPlan plan = compactor.plan(instant);
        compactor.markInflight(instant);
        for (int i = 0; i < plan.operations().size(); i++) {
          out.output(KV.of(instant.value(), i));
        }
      }
    }
  }

  /** Compacts one file slice into a new base file. */
  static final class ExecuteFn extends DoFn<KV<String, Integer>, KV<String, WriteStat>> {
    private static final long serialVersionUID = 1L;
    private final Settings settings;
    private final WriteCounters counters = WriteCounters.of(CompactTable.class);

    ExecuteFn(Settings settings) {
      this.settings = settings;
    }

    @ProcessElement
    public void process(
        @Element KV<String, Integer> operation, OutputReceiver<KV<String, WriteStat>> out) {
      Compactor compactor = settings.compactor();
      InstantTime instant = InstantTime.parse(operation.getKey());
      CompactionPlan plan = compactor.plan(instant);
      WriteStat stat =
          compactor.execute(
              instant,
              plan.operations().get(operation.getValue()),
              WriteTokens.newToken(),
              SettingsReader.parquet(settings.properties));
      counters.count(stat);
      out.output(KV.of(operation.getKey(), stat));
    }
  }

  /** Commits one compaction instant with the stats of all its operations. */
  static final class CommitFn extends DoFn<KV<String, Iterable<WriteStat>>, CommittedInstant> {
    private static final long serialVersionUID = 1L;
    private final Settings settings;

    CommitFn(Settings settings) {
      this.settings = settings;
    }

    @RequiresStableInput
    @ProcessElement
    public void process(
        @Element KV<String, Iterable<WriteStat>> stats, OutputReceiver<CommittedInstant> out) {
      List<WriteStat> all = new ArrayList<>();
      stats.getValue().forEach(all::add);
      CommitOutcome outcome = settings.compactor().commit(InstantTime.parse(stats.getKey()), all);
      long updated = 0;
      long deleted = 0;
      long inserted = 0;
      long bytes = 0;
      for (WriteStat stat : all) {
        updated += stat.numUpdateWrites();
        deleted += stat.numDeletes();
        inserted += stat.numInserts();
        bytes += stat.totalWriteBytes();
      }
      out.output(
          CommittedInstant.builder()
              .table(new TableId(settings.basePath))
              .tableName(settings.tableName())
              .instantTime(stats.getKey())
              .operation("COMPACT")
              .outcome(outcome)
              .recordsInserted(inserted)
              .recordsUpdated(updated)
              .recordsDeleted(deleted)
              .filesWritten(all.size())
              .bytesWritten(bytes)
              .build());
    }
  }
}
