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
package io.hudibeam.transforms.plan;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.index.BucketCountCheck;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.PartitionWorkload;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.FileListings;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineLayout;
import io.hudibeam.timeline.TimelineWriter;
import io.hudibeam.write.AverageRecordSize;
import io.hudibeam.write.BucketType;
import io.hudibeam.write.FileIdPrefixes;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.OperationTypes;
import io.hudibeam.write.WorkloadProfile;
import io.hudibeam.write.WritePlan;
import io.hudibeam.write.WritePlanner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans one instant's write from its workload profile: completes pending compactions first (merge
 * on read), lists the latest file slices of the touched partitions, routes by {@link Routing} and
 * saves the workload in the instant's inflight file. The body of the "Profile workload" step
 * ({@link PlanWrite}), and of a write that plans a table's instant in one worker.
 */
public final class WritePlanning {
  private static final Logger LOG = LoggerFactory.getLogger(PlanWrite.class);
  private final PlanSpec spec;
  private final Routing routing;

  public WritePlanning(PlanSpec spec, Routing routing) {
    this.spec = spec;
    this.routing = routing;
  }

  /** The plan of {@code instant}'s write of {@code profile}. */
  public WritePlan plan(
      WorkloadProfile profile, StartedInstant instant, Configuration conf, FileSystem fs) {
    TablePaths paths = spec.paths();
    if (spec.mergeOnRead()) {
      completePendingCompactions(conf, fs, paths);
    }
    // The table version (the timeline's layout) as the start read it: no second read of
    // hoodie.properties (docs/object-stores.md).
    TableVersion version = instant.tableConfig().version();
    Timeline timeline = Timeline.load(fs, paths, TimelineLayout.of(version));
    List<String> partitions = new ArrayList<>(profile.partitions().keySet());
    FileSystemView view =
        FileSystemView.load(
            FileListings.forTable(fs, paths, instant.tableConfig(), timeline),
            fs,
            paths,
            timeline,
            partitions,
            version);
    Map<String, List<BaseFile>> latest = new HashMap<>();
    Map<String, List<FileSlice>> latestSlices = new HashMap<>();
    for (String partition : partitions) {
      latest.put(partition, view.latestBaseFiles(partition));
      latestSlices.put(partition, view.latestFileSlices(partition));
    }
    WritePlanner planner =
        new WritePlanner(spec.fileSizing(), FileIdPrefixes.of(instant.instantTime()));
    long averageRecordSize =
        routing.estimatesRecordSize()
            ? AverageRecordSize.estimate(fs, paths, timeline, spec.fileSizing())
            : 0;
    WritePlan plan =
        switch (routing) {
          case BUCKETS_MERGE_ON_READ ->
              planner.planBucketsMergeOnRead(profile, latestSlices, spec.bucketIndex());
          case BUCKETS -> planner.planBuckets(profile, latest, spec.bucketIndex());
          case UPDATES_PLANNED_INSERTS_ASSIGNED -> planner.planUpdates(profile, latest);
          case SMALL_FILES_MERGE_ON_READ ->
              planner.planMergeOnRead(profile, latestSlices, averageRecordSize);
          case SMALL_FILES -> planner.plan(profile, latest, averageRecordSize, true);
        };
    if (spec.index() == IndexType.BUCKET) {
      warnIfBucketsAreSparse(
          profile, latest, AverageRecordSize.estimate(fs, paths, timeline, spec.fileSizing()));
    }
    if (!profile.partitions().isEmpty()) {
      // With nothing to write (every record failed, or no input) the commit step does not wait
      // for
      // the plan and moves the instant to inflight itself; writing it here too would race it.
      saveToInflight(fs, paths, timeline, instant, profile, plan);
    }
    LOG.info(
        "Table {}: instant {} plans {} inserts and {} updates into {} file groups (average record"
            + " size {} bytes)",
        paths,
        instant.instantTime(),
        profile.totalInserts(),
        profile.totalUpdates(),
        plan.buckets().size(),
        averageRecordSize);
    return plan;
  }

  /**
   * A pending compaction fixes the slices it compacts: Hudi's writers put new log files into the
   * slice the compaction opens (Hudi's {@code HoodieTableFileSystemView} adds that slice for a
   * pending compaction). This writer instead completes every pending compaction (a crashed one of
   * ours, or one Hudi scheduled) before it plans, so that no log file goes into a slice a
   * compaction would then lose. Returns whether it compacted anything.
   */
  private boolean completePendingCompactions(Configuration conf, FileSystem fs, TablePaths paths) {
    io.hudibeam.services.Compactor compactor =
        new io.hudibeam.services.Compactor(conf, fs, paths, spec.compactionMemory());
    List<io.hudibeam.timeline.InstantTime> pending = compactor.pending();
    for (io.hudibeam.timeline.InstantTime compaction : pending) {
      LOG.info("Table {}: completing pending compaction {} before planning", paths, compaction);
      compactor.run(compaction, spec.parquet(), 0);
    }
    return !pending.isEmpty();
  }

  /** One WARN per write when the bucket count is far above what the data fills. */
  private void warnIfBucketsAreSparse(
      WorkloadProfile profile, Map<String, List<BaseFile>> latest, long averageRecordSize) {
    Map<String, Long> partitionBytes = new TreeMap<>();
    profile
        .partitions()
        .forEach(
            (partition, workload) -> {
              long bytes = workload.inserts() * averageRecordSize;
              for (BaseFile file : latest.getOrDefault(partition, List.of())) {
                bytes += file.sizeInBytes();
              }
              partitionBytes.put(partition, bytes);
            });
    BucketCountCheck.warning(
            spec.bucketIndex().numBuckets(), spec.fileSizing().maxFileSize(), partitionBytes)
        .ifPresent(message -> LOG.warn("Table {}: {}", spec.paths(), message));
  }

  private void saveToInflight(
      FileSystem fs,
      TablePaths paths,
      Timeline timeline,
      StartedInstant instant,
      WorkloadProfile profile,
      WritePlan plan) {
    Instant current =
        timeline
            .find(instant.instantTime(), instant.action())
            .orElseThrow(
                () ->
                    new io.hudibeam.table.HudiTableException(
                        "Instant "
                            + instant.instantTime()
                            + " of table "
                            + paths
                            + " is no longer on the timeline; another writer rolled it back"));
    if (current.state() != State.REQUESTED) {
      return;
    }
    Map<String, PartitionWorkload> workload = new TreeMap<>();
    for (Map.Entry<String, WritePlan.PartitionPlan> e : plan.partitions().entrySet()) {
      WorkloadProfile.PartitionWorkload counts = profile.partition(e.getKey());
      List<PartitionWorkload.FileGroupWorkload> groups = new ArrayList<>();
      Map<String, Long> plannedInserts = new HashMap<>();
      List<WritePlan.InsertTarget> insertTargets = e.getValue().insertTargets();
      for (WritePlan.InsertTarget target : insertTargets) {
        plannedInserts.merge(
            target.bucket().fileGroupId().fileId().value(), target.plannedInserts(), Long::sum);
      }
      e.getValue()
          .updateBuckets()
          .forEach(
              (fileId, bucket) -> {
                groups.add(
                    new PartitionWorkload.FileGroupWorkload(
                        fileId.value(),
                        bucket.baseInstant().get().value(),
                        counts.updates().getOrDefault(fileId, 0L),
                        plannedInserts.getOrDefault(fileId.value(), 0L)));
              });
      for (WritePlan.InsertTarget target : insertTargets) {
        if (target.bucket().type() == BucketType.INSERT) {
          groups.add(
              new PartitionWorkload.FileGroupWorkload(
                  target.bucket().fileGroupId().fileId().value(),
                  WriteStat.NULL_COMMIT,
                  0,
                  target.plannedInserts()));
        }
      }
      workload.put(e.getKey(), new PartitionWorkload(counts.inserts(), groups));
    }
    CommitMetadata.Builder inflight =
        CommitMetadata.workloadProfile(OperationTypes.of(spec.operation()), workload).toBuilder();
    instant.extraMetadata().forEach(inflight::putExtraMetadata);
    TimelineWriter writer = new TimelineWriter(fs, paths, instant.tableConfig());
    writer.transitionToInflight(
        current, CommitMetadataFormat.encode(writer.layout(), inflight.build()));
  }
}
