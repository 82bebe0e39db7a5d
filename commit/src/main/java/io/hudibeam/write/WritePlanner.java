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

import io.hudibeam.bootstrap.BootstrapInstants;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileSlice;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.table.HudiTableException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Makes the {@link WritePlan} of an instant from its workload profile and the latest base files of
 * the touched partitions, as Hudi's UpsertPartitioner does: updates go to their file group; inserts
 * first fill small files (base files under the small-file limit; capacity = (max file size − size)
 * / average record size), then new file groups of max file size / average record size records each,
 * with the remaining inserts split evenly among them.
 *
 * <p>On a merge-on-read table ({@link #planMergeOnRead}) the plan is the same except that a file
 * group's updates and deletes go to a new log file of its latest slice (an APPEND bucket), and only
 * slices that are a base file alone count as small files (Hudi's rule for indexes that cannot index
 * log files, {@code SparkUpsertDeltaCommitPartitioner.getSmallFiles}); a small file that receives
 * inserts is rewritten with its updates and inserts into a new base file (an UPDATE bucket), as
 * Hudi's {@code BaseSparkDeltaCommitActionExecutor.handleUpdate} does for small files. Hudi
 * rewrites every small file of a partition that receives inserts; here only those the inserts are
 * packed into.
 */
public final class WritePlanner {
  private final FileSizing sizing;
  private final Supplier<UUID> fileIdPrefixes;

  public WritePlanner(FileSizing sizing, Supplier<UUID> fileIdPrefixes) {
    this.sizing = sizing;
    this.fileIdPrefixes = fileIdPrefixes;
  }

  /**
   * @param latestBaseFiles the latest base file of every file group of each touched partition
   * @param averageRecordSize bytes per record, estimated from recent commits
   * @param packSmallFiles whether inserts may go into existing small files
   */
  public WritePlan plan(
      WorkloadProfile profile,
      Map<String, List<BaseFile>> latestBaseFiles,
      long averageRecordSize,
      boolean packSmallFiles) {
    if (averageRecordSize <= 0) {
      throw new HudiTableException("average record size must be > 0, but was " + averageRecordSize);
    }
    return plan(profile, latestBaseFiles, null, averageRecordSize, packSmallFiles);
  }

  /**
   * The plan of a write whose inserts are routed elsewhere (a streaming write's stateful bucket
   * assigner, {@code InsertAssigner}): each updated file group to its latest base file, and no
   * insert targets, so neither small files nor a record size are looked at.
   *
   * @param latestBaseFiles the latest base file of every file group of each touched partition
   */
  public WritePlan planUpdates(
      WorkloadProfile profile, Map<String, List<BaseFile>> latestBaseFiles) {
    Map<String, WritePlan.PartitionPlan> plans = new TreeMap<>();
    profile
        .partitions()
        .forEach(
            (partition, workload) ->
                plans.put(
                    partition,
                    new WritePlan.PartitionPlan(
                        updateBuckets(
                            partition,
                            workload,
                            byFileId(latestBaseFiles.getOrDefault(partition, List.of())),
                            null),
                        List.of())));
    return WritePlan.of(plans);
  }

  /**
   * The plan of a merge-on-read write.
   *
   * @param latestSlices the latest file slice of every file group of each touched partition
   */
  public WritePlan planMergeOnRead(
      WorkloadProfile profile, Map<String, List<FileSlice>> latestSlices, long averageRecordSize) {
    return plan(profile, baseFilesOf(latestSlices), latestSlices, averageRecordSize, true);
  }

  private WritePlan plan(
      WorkloadProfile profile,
      Map<String, List<BaseFile>> latestBaseFiles,
      Map<String, List<FileSlice>> latestSlices,
      long averageRecordSize,
      boolean packSmallFiles) {
    if (averageRecordSize <= 0) {
      throw new HudiTableException("average record size must be > 0, but was " + averageRecordSize);
    }
    Map<String, WritePlan.PartitionPlan> plans = new TreeMap<>();
    for (Map.Entry<String, WorkloadProfile.PartitionWorkload> entry :
        profile.partitions().entrySet()) {
      String partition = entry.getKey();
      plans.put(
          partition,
          planPartition(
              partition,
              entry.getValue(),
              latestBaseFiles.getOrDefault(partition, List.of()),
              latestSlices == null
                  ? null
                  : slicesByFileId(latestSlices.getOrDefault(partition, List.of())),
              averageRecordSize,
              packSmallFiles));
    }
    return WritePlan.of(plans);
  }

  private static Map<String, List<BaseFile>> baseFilesOf(
      Map<String, List<FileSlice>> latestSlices) {
    Map<String, List<BaseFile>> baseFiles = new TreeMap<>();
    latestSlices.forEach(
        (partition, slices) -> {
          List<BaseFile> files = new ArrayList<>();
          for (FileSlice slice : slices) {
            slice.baseFile().ifPresent(files::add);
          }
          baseFiles.put(partition, files);
        });
    return baseFiles;
  }

  private static Map<FileId, FileSlice> slicesByFileId(List<FileSlice> slices) {
    Map<FileId, FileSlice> byFileId = new TreeMap<>();
    for (FileSlice slice : slices) {
      byFileId.put(slice.fileGroupId().fileId(), slice);
    }
    return byFileId;
  }

  /**
   * The plan of a merge-on-read bucket-index write (Hudi's bucket index can index log files): all
   * records of a bucket that has a file group go to a new log file of its latest slice; buckets
   * without one get a new file group.
   */
  public WritePlan planBucketsMergeOnRead(
      WorkloadProfile profile, Map<String, List<FileSlice>> latestSlices, BucketIndex index) {
    WritePlan plan = planBuckets(profile, baseFilesOf(latestSlices), index);
    Map<String, WritePlan.PartitionPlan> plans = new TreeMap<>();
    for (Map.Entry<String, WritePlan.PartitionPlan> entry : plan.partitions().entrySet()) {
      Map<FileId, FileSlice> slices =
          slicesByFileId(latestSlices.getOrDefault(entry.getKey(), List.of()));
      Map<FileId, Bucket> appends = new TreeMap<>();
      for (FileId fileId : entry.getValue().updateBuckets().keySet()) {
        appends.put(fileId, Bucket.append(slices.get(fileId)));
      }
      plans.put(entry.getKey(), entry.getValue().withUpdateBuckets(appends));
    }
    return WritePlan.of(plans);
  }

  /**
   * The plan of a bucket-index write (Hudi's bucket partitioner): updates go to their file group;
   * inserts go to the new file group of their bucket. No small-file packing and no file sizing:
   * each bucket is one file group per partition. The latest base files must have bucket file ids,
   * at most one per bucket.
   */
  public WritePlan planBuckets(
      WorkloadProfile profile, Map<String, List<BaseFile>> latestBaseFiles, BucketIndex index) {
    Map<String, WritePlan.PartitionPlan> plans = new TreeMap<>();
    for (Map.Entry<String, WorkloadProfile.PartitionWorkload> entry :
        profile.partitions().entrySet()) {
      String partition = entry.getKey();
      Map<Integer, BaseFile> buckets =
          bucketsOf(partition, latestBaseFiles.getOrDefault(partition, List.of()));
      Map<FileId, Bucket> updateBuckets = new TreeMap<>();
      for (FileId fileId : entry.getValue().updates().keySet()) {
        BaseFile base = buckets.get(BucketIndex.bucketIdOf(fileId));
        if (base == null || !base.name().fileId().equals(fileId)) {
          throw noLatest(fileId, partition, "base file");
        }
        updateBuckets.put(fileId, Bucket.existing(base));
      }
      plans.put(
          partition,
          WritePlan.PartitionPlan.bucketIndex(
              updateBuckets,
              new WritePlan.BucketInserts(
                  partition, index, fileIdPrefixes.get(), buckets.keySet())));
    }
    return WritePlan.of(plans);
  }

  /**
   * The file group of each bucket of a partition; fails on a non-bucket file id or a shared bucket.
   */
  public static Map<Integer, BaseFile> bucketsOf(String partition, List<BaseFile> latestBaseFiles) {
    Map<Integer, BaseFile> buckets = new HashMap<>();
    for (BaseFile file : latestBaseFiles) {
      if (file.name().instantTime().equals(BootstrapInstants.METADATA_ONLY)) {
        throw new HudiTableException(
            "Partition '"
                + partition
                + "' holds the skeleton file "
                + file.name()
                + " of a METADATA_ONLY bootstrap, whose file group is not a bucket: the BUCKET"
                + " index cannot write a bootstrapped table; use hoodie.index.type=SIMPLE or"
                + " BLOOM");
      }
      BaseFile other = buckets.put(BucketIndex.bucketIdOf(file.name().fileId()), file);
      if (other != null) {
        throw new HudiTableException(
            "Partition '"
                + partition
                + "' has two file groups in bucket "
                + BucketIndex.bucketIdOf(file.name().fileId())
                + ": "
                + other.name().fileId()
                + " and "
                + file.name().fileId()
                + "; a bucket-index table has one file group per bucket");
      }
    }
    return buckets;
  }

  private WritePlan.PartitionPlan planPartition(
      String partition,
      WorkloadProfile.PartitionWorkload workload,
      List<BaseFile> baseFiles,
      Map<FileId, FileSlice> slices,
      long averageRecordSize,
      boolean packSmallFiles) {
    Map<FileId, BaseFile> byFileId = byFileId(baseFiles);
    Map<FileId, Bucket> updateBuckets = updateBuckets(partition, workload, byFileId, slices);
    List<WritePlan.InsertTarget> targets = new ArrayList<>();
    long unassigned = workload.inserts();
    long cumulative = 0;
    if (packSmallFiles) {
      List<BaseFile> candidates = new ArrayList<>();
      for (BaseFile file : byFileId.values()) {
        if (slices == null || slices.get(file.name().fileId()).isBaseOnly()) {
          candidates.add(file);
        }
      }
      for (BaseFile small : InsertAssigner.smallFiles(candidates, sizing)) {
        if (unassigned <= 0) {
          break;
        }
        long capacity =
            Math.max(0, (sizing.maxFileSize() - small.sizeInBytes()) / averageRecordSize);
        long toAppend = Math.min(capacity, unassigned);
        if (toAppend <= 0) {
          continue;
        }
        Bucket bucket = Bucket.existing(small);
        updateBuckets.put(small.name().fileId(), bucket);
        cumulative += toAppend;
        targets.add(new WritePlan.InsertTarget(bucket, toAppend, cumulative));
        unassigned -= toAppend;
      }
    }
    if (unassigned > 0) {
      long perFileGroup = Math.max(1, sizing.maxFileSize() / averageRecordSize);
      long newFileGroups = (unassigned + perFileGroup - 1) / perFileGroup;
      UUID prefix = fileIdPrefixes.get();
      for (int i = 0; i < newFileGroups; i++) {
        long planned = unassigned / newFileGroups + (i < unassigned % newFileGroups ? 1 : 0);
        Bucket bucket = Bucket.newFileGroup(FileGroupId.of(partition, FileId.of(prefix, i)));
        cumulative += planned;
        targets.add(new WritePlan.InsertTarget(bucket, planned, cumulative));
      }
    }
    return new WritePlan.PartitionPlan(updateBuckets, targets);
  }

  private static Map<FileId, BaseFile> byFileId(List<BaseFile> baseFiles) {
    Map<FileId, BaseFile> byFileId = new TreeMap<>();
    for (BaseFile file : baseFiles) {
      byFileId.put(file.name().fileId(), file);
    }
    return byFileId;
  }

  /** Each updated file group of a partition to its latest slice (merge-on-read) or base file. */
  private static Map<FileId, Bucket> updateBuckets(
      String partition,
      WorkloadProfile.PartitionWorkload workload,
      Map<FileId, BaseFile> byFileId,
      Map<FileId, FileSlice> slices) {
    Map<FileId, Bucket> updateBuckets = new TreeMap<>();
    for (FileId fileId : workload.updates().keySet()) {
      if (slices != null) {
        FileSlice slice = slices.get(fileId);
        if (slice == null) {
          throw noLatest(fileId, partition, "file slice");
        }
        updateBuckets.put(fileId, Bucket.append(slice));
        continue;
      }
      BaseFile base = byFileId.get(fileId);
      if (base == null) {
        throw noLatest(fileId, partition, "base file");
      }
      updateBuckets.put(fileId, Bucket.existing(base));
    }
    return updateBuckets;
  }

  private static HudiTableException noLatest(FileId fileId, String partition, String what) {
    return new HudiTableException(
        "File group "
            + fileId
            + " of partition '"
            + partition
            + "' has updates but no latest "
            + what
            + " in the table snapshot");
  }
}
