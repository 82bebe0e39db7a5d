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
package io.hudibeam.services;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.bootstrap.BootstrapInstants;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.TableSchemas;
import io.hudibeam.files.FileGroup;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.LogFileName;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CompactionOperation;
import io.hudibeam.metadata.CompactionPlan;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.FileListings;
import io.hudibeam.skeleton.BootstrapIndexReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import io.hudibeam.write.CompactHandle;
import io.hudibeam.write.LogMergeOrdering;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.WriteContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compaction of a merge-on-read table as Hudi 0.15 (table version 6) and Hudi 1.0 (table version 8,
 * the plan in {@code .hoodie/timeline/C.compaction.requested}, completed as {@code C_<completion
 * time>.commit} with Avro commit metadata) do it: <b>schedule</b> a new instant C after everything
 * on the timeline and write {@code C.compaction.requested} with the Avro {@code
 * HoodieCompactionPlan} (one operation per latest file slice that has log files, file groups of
 * other pending compactions left out; Hudi's {@code ScheduleCompactionActionExecutor} with the
 * default strategy and no IO bound); <b>execute</b> each operation into a new base file of its file
 * group at C ({@link CompactHandle}); <b>commit</b> {@code C.compaction.inflight}, then {@code
 * C.commit} with {@code compacted=true}, operation type {@code COMPACT} and the table schema, files
 * of failed attempts (markers without a write stat) deleted first. Idempotent: a compaction already
 * committed is left alone, and a pending one (scheduled by a crashed run or by Hudi's writer) is
 * executed again from its plan, its earlier attempt's files replaced.
 */
public final class Compactor {
  private static final Logger LOG = LoggerFactory.getLogger(Compactor.class);

  private final Configuration conf;
  private final FileSystem fs;
  private final TablePaths paths;
  private final MergeMemory memory;

  /** A compactor with the default compaction memory budget. */
  public Compactor(Configuration conf, FileSystem fs, TablePaths paths) {
    this(conf, fs, paths, MergeMemory.compactionDefaults());
  }

  /**
   * @param memory the budget of one file slice's merged log records ({@code
   *     SettingsReader.compactionMemory}); beyond it they spill to local disk
   */
  public Compactor(Configuration conf, FileSystem fs, TablePaths paths, MergeMemory memory) {
    this.conf = conf;
    this.fs = fs;
    this.paths = paths;
    this.memory = Objects.requireNonNull(memory, "memory");
  }

  /** Pending (requested or inflight) compaction instants, oldest first. */
  public List<InstantTime> pending() {
    return Timeline.load(fs, paths).ofAction(Action.COMPACTION).pending().instants().stream()
        .map(Instant::time)
        .collect(Collectors.toList());
  }

  /**
   * The number of completed deltacommits since the last completed compaction (or since the start):
   * Hudi's {@code NUM_COMMITS} inline trigger counts these.
   */
  public int deltaCommitsSinceLastCompaction() {
    Timeline timeline = Timeline.load(fs, paths);
    Optional<InstantTime> lastCompaction = Optional.empty();
    TimelineWriter reader = new TimelineWriter(fs, paths);
    for (Instant commit : timeline.completed().ofAction(Action.COMMIT).instants()) {
      if (isCompaction(reader, commit)) {
        lastCompaction = Optional.of(commit.time());
      }
    }
    int count = 0;
    for (Instant delta : timeline.completed().ofAction(Action.DELTA_COMMIT).instants()) {
      if (lastCompaction.isEmpty() || delta.time().isAfter(lastCompaction.get())) {
        count++;
      }
    }
    return count;
  }

  /**
   * Checks that the table's version is one this compactor writes: 6 (log files sliced by the base
   * instant in their names) or 8 (log files sliced by their deltacommit's completion time, Hudi
   * 1.0's rule, which {@link FileSystemView} applies). Other versions are refused when {@code
   * hoodie.properties} is read.
   */
  public void checkTableVersion() {
    TableConfig config = new TableConfigStore(fs, paths).load();
    if (config.version() != TableVersion.SIX && config.version() != TableVersion.EIGHT) {
      throw new HudiTableException(
          "Table "
              + paths
              + " has hoodie.table.version="
              + config.version()
              + ": this writer compacts MERGE_ON_READ tables of table versions 6 and 8 only");
    }
  }

  /**
   * A completed commit is a compaction when its requested file is {@code
   * <time>.compaction.requested}.
   */
  private boolean isCompaction(TimelineWriter reader, Instant commit) {
    Path requested = reader.pathOf(Instant.requested(commit.time(), Action.COMPACTION));
    try {
      return fs.exists(requested);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + requested, e);
    }
  }

  /**
   * Schedules a compaction of every latest file slice with log files, unless there is none. The
   * table must be merge-on-read and have no pending write instant (roll those back first).
   */
  public Optional<InstantTime> schedule(InstantTimeGenerator generator, TableType tableType) {
    checkTableVersion();
    if (tableType != TableType.MERGE_ON_READ) {
      throw new HudiTableException(
          "Table " + paths + " is " + tableType + "; only MERGE_ON_READ tables are compacted");
    }
    Timeline timeline = Timeline.load(fs, paths);
    List<Instant> pendingWrites =
        timeline.pending().instants().stream()
            .filter(i -> i.action().writesData())
            .collect(Collectors.toList());
    if (!pendingWrites.isEmpty()) {
      throw new HudiTableException(
          "Cannot schedule a compaction of table "
              + paths
              + ": write instants "
              + pendingWrites
              + " are pending; a compaction must come after every write (roll them back or complete them)");
    }
    Set<FileGroupId> inPendingCompaction = new HashSet<>();
    for (InstantTime pending : pending()) {
      for (CompactionOperation op : plan(pending).operations()) {
        inPendingCompaction.add(FileGroupId.of(op.partitionPath(), FileId.parse(op.fileId())));
      }
    }
    FileSystemView view =
        FileSystemView.load(FileListings.forTable(fs, paths, timeline), fs, paths, timeline);
    List<CompactionOperation> operations = new ArrayList<>();
    for (String partition : view.partitions()) {
      for (FileGroup group : view.fileGroups(partition)) {
        Optional<FileSlice> latest = group.latestSlice();
        if (latest.isEmpty()
            || latest.get().logFiles().isEmpty()
            || inPendingCompaction.contains(group.id())) {
          continue;
        }
        operations.add(operationOf(latest.get()));
      }
    }
    if (operations.isEmpty()) {
      LOG.info("Table {}: no file slice has log files; no compaction scheduled", paths);
      return Optional.empty();
    }
    // Hudi's default LogFileSizeBasedCompactionStrategy orders operations by total log size,
    // largest first.
    operations.sort(
        Comparator.comparingDouble(
                (CompactionOperation o) -> -o.metrics().getOrDefault(TOTAL_LOG_FILES_SIZE, 0.0))
            .thenComparing(CompactionOperation::partitionPath)
            .thenComparing(CompactionOperation::fileId));
    InstantTime instant = generator.next(timeline);
    new TimelineWriter(fs, paths)
        .createRequested(instant, Action.COMPACTION, CompactionPlan.of(operations).toBytes());
    LOG.info(
        "Table {}: scheduled compaction {} of {} file slices", paths, instant, operations.size());
    return Optional.of(instant);
  }

  static final String TOTAL_LOG_FILES = "TOTAL_LOG_FILES";
  static final String TOTAL_LOG_FILES_SIZE = "TOTAL_LOG_FILES_SIZE";

  private CompactionOperation operationOf(FileSlice slice) {
    List<LogFileName> newestFirst = new ArrayList<>(slice.logFiles());
    newestFirst.sort(Comparator.reverseOrder());
    double logBytes = 0;
    for (LogFileName log : newestFirst) {
      Path path = new Path(paths.partitionFolder(slice.fileGroupId().partitionPath()), log.value());
      try {
        logBytes += fs.getFileStatus(path).getLen();
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read the size of " + path, e);
      }
    }
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put(TOTAL_LOG_FILES, (double) newestFirst.size());
    metrics.put(TOTAL_LOG_FILES_SIZE, logBytes);
    return new CompactionOperation(
        slice.fileGroupId().partitionPath(),
        slice.fileGroupId().fileId().value(),
        slice.baseInstant().value(),
        slice.baseFile().map(b -> b.name().value()),
        newestFirst.stream().map(LogFileName::value).collect(Collectors.toList()),
        metrics,
        bootstrapFilePath(slice));
  }

  /**
   * The source file of a skeleton base file (a base file of the metadata bootstrap instant that the
   * bootstrap index maps), as Hudi's {@code CompactionUtils.buildFromFileSlice} records it.
   */
  private Optional<String> bootstrapFilePath(FileSlice slice) {
    if (slice.baseFile().isEmpty()
        || !slice.baseInstant().equals(BootstrapInstants.METADATA_ONLY)) {
      return Optional.empty();
    }
    return BootstrapIndexReader.open(fs.getConf(), fs, paths)
        .flatMap(index -> index.mappingOf(slice.fileGroupId()))
        .map(mapping -> mapping.source().uri());
  }

  /** The plan of a compaction instant, from its {@code .compaction.requested} file. */
  public CompactionPlan plan(InstantTime instant) {
    Instant requested = Instant.requested(instant, Action.COMPACTION);
    return CompactionPlan.fromBytes(
        new TimelineWriter(fs, paths).read(requested), requested.fileName());
  }

  /** Moves a requested compaction to inflight (Hudi does so before executing it). */
  public void markInflight(InstantTime instant) {
    Timeline timeline = Timeline.load(fs, paths);
    Instant current =
        timeline
            .find(instant, Action.COMPACTION)
            .orElseThrow(
                () ->
                    new HudiTableException(
                        "Compaction "
                            + instant
                            + " of table "
                            + paths
                            + " is not on the timeline"));
    if (current.state() == State.REQUESTED) {
      new TimelineWriter(fs, paths).transitionToInflight(current, new byte[0]);
    }
  }

  /**
   * Executes one operation of compaction {@code instant} with the attempt's write token; returns
   * the new base file's write stat.
   */
  public WriteStat execute(
      InstantTime instant,
      CompactionOperation operation,
      WriteToken writeToken,
      ParquetSettings parquet) {
    WriteContext context =
        WriteContext.builder()
            .conf(conf)
            .fs(fs)
            .paths(paths)
            .instant(instant)
            .schema(tableSchema())
            .parquet(parquet)
            .writeToken(writeToken)
            .build();
    LogMergeOrdering ordering = LogMergeOrdering.of(new TableConfigStore(fs, paths).load());
    return new CompactHandle(context, memory, ordering)
        .compact(operation, Timeline.load(fs, paths).completedWriteTimeline());
  }

  /** The table schema without meta fields, as readers resolve it. */
  public Schema tableSchema() {
    String json =
        TableSchemas.latest(fs, paths)
            .orElseThrow(
                () -> new HudiTableException("Table " + paths + " has no schema to compact with"));
    return MetaFields.withoutMetaFields(new Schema.Parser().parse(json));
  }

  /** Completes compaction {@code instant} with the write stats of its operations. */
  public CommitOutcome commit(InstantTime instant, List<WriteStat> stats) {
    CommitMetadata.Builder metadata =
        CommitMetadata.builder()
            .operationType(OperationType.COMPACT)
            .compacted(true)
            .schema(tableSchema().toString());
    for (WriteStat stat : stats) {
      metadata.addWriteStat(stat.partitionPath(), stat);
    }
    CommitOutcome outcome =
        new InstantCommitter(fs, paths).commit(instant, Action.COMPACTION, metadata.build());
    LOG.info("Table {}: compaction {} {} ({} file slices)", paths, instant, outcome, stats.size());
    return outcome;
  }

  /**
   * Inline compaction after a deltacommit (Hudi's {@code hoodie.compact.inline}): completes pending
   * compactions, then, once {@code settings.maxDeltaCommits()} deltacommits have completed since
   * the last compaction, schedules and runs a new one. Returns the compactions completed.
   */
  public List<InstantTime> runInline(
      CompactionSettings settings, InstantTimeGenerator generator, ParquetSettings parquet) {
    List<InstantTime> done = new ArrayList<>();
    if (!settings.inline()) {
      return done;
    }
    for (InstantTime pending : pending()) {
      run(pending, parquet, 0);
      done.add(pending);
    }
    if (deltaCommitsSinceLastCompaction() >= settings.maxDeltaCommits()) {
      Optional<InstantTime> scheduled = schedule(generator, TableType.MERGE_ON_READ);
      if (scheduled.isPresent()) {
        run(scheduled.get(), parquet, 0);
        done.add(scheduled.get());
      }
    }
    return done;
  }

  /**
   * Runs compaction {@code instant} in this process: inflight, every operation in turn, commit.
   * Returns the write stats.
   */
  public List<WriteStat> run(InstantTime instant, ParquetSettings parquet, int taskPartitionId) {
    if (Timeline.load(fs, paths)
        .find(instant, Action.COMPACTION)
        .map(Instant::isCompleted)
        .orElse(false)) {
      return List.of();
    }
    CompactionPlan plan = plan(instant);
    markInflight(instant);
    List<WriteStat> stats = new ArrayList<>();
    long attempt = System.nanoTime() & Long.MAX_VALUE;
    for (int i = 0; i < plan.operations().size(); i++) {
      stats.add(
          execute(
              instant,
              plan.operations().get(i),
              WriteToken.of(taskPartitionId, i, attempt),
              parquet));
    }
    commit(instant, stats);
    return stats;
  }
}
