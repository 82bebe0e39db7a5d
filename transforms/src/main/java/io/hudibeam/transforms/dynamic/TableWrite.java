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
package io.hudibeam.transforms.dynamic;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.IntervalContent;
import io.hudibeam.commit.MarkerStore;
import io.hudibeam.commit.RecordFingerprints;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileListing;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.FileListings;
import io.hudibeam.sink.SinkInstants;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineLayout;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.commit.CommitSpec;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.transforms.instant.StartSpec;
import io.hudibeam.transforms.instant.WriteSchemas;
import io.hudibeam.transforms.plan.PlanSpec;
import io.hudibeam.transforms.plan.Routing;
import io.hudibeam.transforms.plan.WritePlanning;
import io.hudibeam.transforms.records.PreferredRecord;
import io.hudibeam.transforms.records.RecordKeying;
import io.hudibeam.transforms.records.RecordsSpec;
import io.hudibeam.transforms.services.ServicesSpec;
import io.hudibeam.transforms.services.TableServices;
import io.hudibeam.transforms.write.FileGroupWrites;
import io.hudibeam.transforms.write.FilesSpec;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.KeyScope;
import io.hudibeam.write.OperationTypes;
import io.hudibeam.write.RecordEncoding;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.SpillableRecordMap;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WorkloadProfile;
import io.hudibeam.write.WritePlan;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One table's write of one batch of records as one instant, in this worker: the stages of {@code
 * HudiIO.write()} (start, prepare, tag, plan, write file groups, commit, table services) run one
 * after another on the same records, through the same code. For a write of many tables with a graph
 * whose size does not depend on their number ({@code HudiIO.writeDynamic()}): one worker writes a
 * table's batch, other workers other tables. Upserts with the SIMPLE index (the key's partition
 * path is part of its identity).
 */
final class TableWrite {
  private static final Logger LOG = LoggerFactory.getLogger(TableWrite.class);
  private final WriteSpec spec;
  private final RecordsSpec records;
  private final PlanSpec plan;
  private final FilesSpec files;
  private final CommitSpec commit;
  private final ServicesSpec services;
  private final StartSpec start;

  TableWrite(WriteSpec spec) {
    this.spec = spec;
    this.records = RecordsSpec.of(spec);
    this.plan = PlanSpec.of(spec);
    this.files = FilesSpec.of(spec);
    this.commit = CommitSpec.of(spec);
    this.services = ServicesSpec.of(spec);
    this.start = StartSpec.of(spec);
  }

  WriteSpec spec() {
    return spec;
  }

  /** The interval of a streaming sink that a write commits, for its lineage. */
  record Interval(String sinkId, long start, long end, long commitIntervalMillis) {}

  /**
   * Writes {@code input} as one instant and runs the table services after it; returns the committed
   * instant, or empty when {@code interval} is one the sink has already committed (a replay:
   * nothing is written again).
   */
  Optional<CommittedInstant> write(List<GenericRecord> input, Optional<Interval> interval) {
    Configuration conf = start.hadoopConfiguration();
    FileSystem fs = start.fileSystem(conf);
    Optional<StartedInstant> started =
        interval.isPresent() ? startInterval(fs, input, interval.get()) : Optional.of(start(fs));
    if (started.isEmpty()) {
      return Optional.empty();
    }
    StartedInstant instant = started.get();
    InstantHeartbeat heartbeat = InstantHeartbeat.of(spec.paths(), spec.heartbeatSettings(), fs);
    // Known to the heartbeat before any work, so that a failure releases it at once.
    heartbeat.refresh(instant);
    CommittedInstant committed;
    try {
      committed = writeAndCommit(input, instant, conf, fs, heartbeat);
    } catch (RuntimeException | Error e) {
      heartbeat.releaseAfterFailure(e);
      throw e;
    }
    TableServices.runAfter(committed, services);
    return Optional.of(committed);
  }

  private StartedInstant start(FileSystem fs) {
    return start
        .control()
        .transaction(start.hadoopConfiguration(), fs, spec.paths())
        .start(
            spec.tableConfig(),
            spec.commitAction(),
            InstantStarter.IfMissing.CREATE,
            // Refuses a schema the table cannot take before the starter writes anything.
            () -> WriteSchemas.decide(start, fs).toString());
  }

  /**
   * Starts the interval's instant with the sink's lineage, after rolling back what an earlier run
   * of the sink left pending (this worker is the table's only writer of the sink, so nothing of it
   * is live); empty when the sink is committed through the interval's end.
   */
  private Optional<StartedInstant> startInterval(
      FileSystem fs, List<GenericRecord> input, Interval interval) {
    WriteSchemas.decide(start, fs);
    IntervalContent content = IntervalContent.EMPTY;
    RecordFingerprints fingerprints = new RecordFingerprints();
    for (GenericRecord record : input) {
      content = content.plus(IntervalContent.ofRecord(fingerprints.of(record)));
    }
    SinkInstants.Decision decision =
        new SinkInstants(
                fs,
                spec.paths(),
                Clock.systemUTC(),
                spec.heartbeatSettings(),
                start.control().lock(),
                start.control().metadataTable(),
                start.control().metadataTableMaintenance())
            .decide(
                spec.tableConfig(),
                spec.commitAction(),
                OperationTypes.of(spec.operation()),
                SinkLineage.of(
                    interval.sinkId(),
                    interval.start(),
                    interval.end(),
                    interval.commitIntervalMillis(),
                    content.forOperation(OperationTypes.of(spec.operation()).value())),
                Set.of());
    switch (decision.kind()) {
      case SKIP -> {
        // A restore after the interval's commit file but before its post-commit steps: finish
        // them, as a replayed commit step does (markers and heartbeat deleted).
        decision
            .replayOf()
            .flatMap(SinkLineage.CommittedInterval::instantTime)
            .map(InstantTime::parse)
            .ifPresent(
                committed -> {
                  new MarkerStore(fs, spec.paths(), committed).deleteAll();
                  new Heartbeats(fs, spec.paths(), spec.heartbeatSettings(), Clock.systemUTC())
                      .delete(committed);
                });
        LOG.info(
            "Table {}: sink {} is committed through {}, so the interval ending {} is a replay;"
                + " its {} records are skipped",
            spec.paths(),
            interval.sinkId(),
            decision.committedThrough().orElse(null),
            interval.end(),
            input.size());
        return Optional.empty();
      }
      case WAIT ->
          throw new HudiTableException(
              "Table "
                  + spec.paths()
                  + ": the interval ending "
                  + interval.end()
                  + " of sink "
                  + interval.sinkId()
                  + " cannot start while another writer's instants are pending: "
                  + decision.waitingFor()
                  + "; a write of many tables (writeDynamic) must be the table's only writer");
      default -> {
        return decision.started();
      }
    }
  }

  private CommittedInstant writeAndCommit(
      List<GenericRecord> input,
      StartedInstant instant,
      Configuration conf,
      FileSystem fs,
      InstantHeartbeat heartbeat) {
    RecordKeying keying = new RecordKeying(records);
    PreferredRecord preferred = new PreferredRecord(spec.orderingField());
    try (SpillableRecordMap incoming =
        new SpillableRecordMap(
            spec.mergeMemory(),
            spec.mergeMemory().budgetBytes(),
            KeyScope.RECORD_KEY_AND_PARTITION,
            RecordEncoding.of(spec.schema()),
            "the records of " + spec.paths() + " for instant " + instant.instantTime())) {
      for (GenericRecord record : input) {
        TableRecord keyed;
        try {
          keyed = keying.key(record);
        } catch (HudiTableException e) {
          throw new HudiTableException(
              "Record cannot be written to "
                  + spec.basePath()
                  + ": "
                  + e.getMessage()
                  + "; nothing of this commit was written to the table. Record: "
                  + record,
              e);
        }
        incoming.putPreferred(keyed, preferred::prefer);
      }
      heartbeat.refresh(instant);
      RecordLocation[] locations = storedLocations(incoming, instant, conf, fs);
      WorkloadProfile profile = WorkloadProfile.empty();
      for (int ordinal = 0; ordinal < incoming.size(); ordinal++) {
        TableRecord record = incoming.get(ordinal);
        RecordLocation location = locations[ordinal];
        if (location != null || !record.isDelete()) {
          profile =
              profile.plus(record.partitionPath(), location == null ? null : location.fileId());
        }
      }
      heartbeat.refresh(instant);
      WritePlan writePlan =
          new WritePlanning(plan, Routing.of(plan, false)).plan(profile, instant, conf, fs);
      Map<Bucket, List<TableRecord>> routed = new LinkedHashMap<>();
      incoming.forEachInOrder(
          (record, ordinal) -> {
            RecordLocation location = locations[ordinal];
            if (record.isDelete() && location == null) {
              return; // a delete of a key the table does not hold writes nothing
            }
            TableRecord routedRecord =
                record.isDelete() ? record.withPartitionPath(location.partitionPath()) : record;
            Bucket bucket =
                writePlan.route(
                    routedRecord.partitionPath(),
                    routedRecord.recordKey(),
                    Optional.ofNullable(location));
            routed.computeIfAbsent(bucket, b -> new ArrayList<>()).add(routedRecord);
          });
      FileGroupWrites writes = new FileGroupWrites(files);
      writes.setup();
      List<WriteStat> stats = new ArrayList<>();
      for (Map.Entry<Bucket, List<TableRecord>> group : routed.entrySet()) {
        heartbeat.refresh(instant);
        stats.add(writes.write(group.getKey(), instant, group.getValue()));
      }
      return new CommitInstant.Committer(commit).commit(stats, instant, writePlan.buckets().size());
    }
  }

  /**
   * Where each incoming record's key is stored: the latest base file of its partition that holds it
   * (the SIMPLE index: every key of the touched partitions' latest base files is read), or null.
   */
  private RecordLocation[] storedLocations(
      SpillableRecordMap incoming, StartedInstant instant, Configuration conf, FileSystem fs) {
    RecordLocation[] locations = new RecordLocation[incoming.size()];
    TreeSet<String> touched = new TreeSet<>();
    incoming.forEachInOrder((record, ordinal) -> touched.add(record.partitionPath()));
    if (touched.isEmpty()) {
      return locations;
    }
    TablePaths paths = spec.paths();
    TableVersion version = instant.tableConfig().version();
    Timeline before =
        Timeline.load(fs, paths, TimelineLayout.of(version))
            .filter(i -> i.time().isBefore(instant.instantTime()));
    FileListing listing = FileListings.forTable(fs, paths, instant.tableConfig(), before);
    FileSystemView view =
        FileSystemView.load(listing, fs, paths, before, new ArrayList<>(touched), version);
    for (BaseFile file : view.latestBaseFiles()) {
      RecordLocation location =
          RecordLocation.of(file.partitionPath(), file.name().fileId(), file.name().instantTime());
      BaseFileReader.of(conf, new Path(paths.basePath(), file.relativePath()))
          .forEachRecordKey(
              key -> {
                int ordinal = incoming.ordinalOf(key, file.partitionPath());
                if (ordinal >= 0 && locations[ordinal] == null) {
                  locations[ordinal] = location;
                }
              });
    }
    return locations;
  }
}
