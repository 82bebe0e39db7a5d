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

import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.table.HudiTableException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Where each record of an instant goes, decided once before any file is written: updates to the
 * file group the index found, inserts by the hash of their record key over the insert buckets'
 * cumulative weights (the rule of Hudi's UpsertPartitioner). Routing is a pure function of the plan
 * and the record key, so a retried bundle routes every record the same way.
 *
 * @param partitions each touched partition's plan, sorted by partition path (unmodifiable)
 */
public record WritePlan(SortedMap<String, PartitionPlan> partitions) {

  public WritePlan {
    partitions =
        Collections.unmodifiableSortedMap(
            new TreeMap<>(Objects.requireNonNull(partitions, "partitions")));
  }

  static WritePlan of(Map<String, PartitionPlan> partitions) {
    return new WritePlan(new TreeMap<>(partitions));
  }

  /** Every bucket of the plan, in file group order. */
  public List<Bucket> buckets() {
    List<Bucket> all = new ArrayList<>();
    for (PartitionPlan plan : partitions.values()) {
      all.addAll(plan.updateBuckets.values());
      for (InsertTarget target : plan.insertTargets) {
        if (target.bucket.type() == BucketType.INSERT) {
          all.add(target.bucket);
        }
      }
    }
    Collections.sort(all);
    return all;
  }

  /** The bucket of a record: its file group when the index found one, else an insert bucket. */
  public Bucket route(String partitionPath, String recordKey, Optional<RecordLocation> location) {
    PartitionPlan plan = partitions.get(partitionPath);
    if (plan == null) {
      throw new HudiTableException(
          "Partition path '"
              + partitionPath
              + "' of record key '"
              + recordKey
              + "' is not in the write plan; the workload profile missed it");
    }
    if (location.isPresent()) {
      Bucket bucket = plan.updateBuckets.get(location.get().fileId());
      if (bucket == null) {
        throw new HudiTableException(
            "Record key '"
                + recordKey
                + "' was tagged to file group "
                + location.get()
                + " which is not in the write plan of partition '"
                + partitionPath
                + "'");
      }
      return bucket;
    }
    return plan.insertBucket(recordKey);
  }

  static long keyHash(String recordKey) {
    try {
      byte[] digest =
          MessageDigest.getInstance("MD5").digest(recordKey.getBytes(StandardCharsets.UTF_8));
      return ByteBuffer.wrap(digest).getLong();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is required of every JVM", e);
    }
  }

  @Override
  public String toString() {
    return "WritePlan" + partitions;
  }

  /**
   * One partition's plan.
   *
   * @param updateBuckets existing file groups written in this instant (updates, deletes, inserts
   *     into small files), by file id (unmodifiable)
   * @param insertTargets where inserts go, with the number of inserts planned for each; empty with
   *     the bucket index
   * @param bucketInserts the insert routing of a bucket-index partition; empty otherwise
   */
  public record PartitionPlan(
      SortedMap<FileId, Bucket> updateBuckets,
      List<InsertTarget> insertTargets,
      Optional<BucketInserts> bucketInserts) {

    public PartitionPlan {
      updateBuckets =
          Collections.unmodifiableSortedMap(
              new TreeMap<>(Objects.requireNonNull(updateBuckets, "updateBuckets")));
      insertTargets = List.copyOf(insertTargets);
      Objects.requireNonNull(bucketInserts, "bucketInserts");
    }

    PartitionPlan(Map<FileId, Bucket> updateBuckets, List<InsertTarget> insertTargets) {
      this(new TreeMap<>(updateBuckets), insertTargets, Optional.empty());
    }

    /** A bucket-index partition plan: inserts go to the new file group of their bucket. */
    static PartitionPlan bucketIndex(
        Map<FileId, Bucket> updateBuckets, BucketInserts bucketInserts) {
      return new PartitionPlan(new TreeMap<>(updateBuckets), List.of(), Optional.of(bucketInserts));
    }

    /** This plan with other buckets for the existing file groups (same file ids). */
    PartitionPlan withUpdateBuckets(Map<FileId, Bucket> buckets) {
      if (!buckets.keySet().equals(updateBuckets.keySet())) {
        throw new IllegalArgumentException(
            "Update buckets "
                + buckets.keySet()
                + " do not match the plan's "
                + updateBuckets.keySet());
      }
      return new PartitionPlan(new TreeMap<>(buckets), insertTargets, bucketInserts);
    }

    Bucket insertBucket(String recordKey) {
      if (bucketInserts.isPresent()) {
        return bucketInserts.get().bucketOf(recordKey);
      }
      if (insertTargets.isEmpty()) {
        throw new HudiTableException(
            "Record key '"
                + recordKey
                + "' is an insert but the plan has no insert bucket for its"
                + " partition; the workload profile counted no inserts there");
      }
      long total = insertTargets.get(insertTargets.size() - 1).cumulativeInserts;
      long position = Math.floorMod(keyHash(recordKey), total);
      int low = 0;
      int high = insertTargets.size() - 1;
      while (low < high) {
        int mid = (low + high) >>> 1;
        if (insertTargets.get(mid).cumulativeInserts > position) {
          high = mid;
        } else {
          low = mid + 1;
        }
      }
      return insertTargets.get(low).bucket;
    }

    @Override
    public String toString() {
      return "{updates="
          + updateBuckets.keySet()
          + ", inserts="
          + (bucketInserts.isPresent() ? bucketInserts.get() : insertTargets)
          + "}";
    }
  }

  /**
   * Insert routing of a bucket-index partition: a record's bucket is a pure function of its key,
   * and a bucket without a file group gets a new one whose file id starts with the bucket id (the
   * rest drawn once per partition and instant). Buckets that have a file group take their records
   * through the index's tag, never as inserts.
   *
   * @param partitionPath the partition
   * @param index the bucket index (number of buckets, hash fields)
   * @param fileIdSeed the random part of the new file ids, drawn once per partition and instant
   * @param existingBuckets the buckets that already have a file group (unmodifiable, sorted)
   */
  public record BucketInserts(
      String partitionPath,
      BucketIndex index,
      UUID fileIdSeed,
      SortedSet<Integer> existingBuckets) {

    public BucketInserts {
      Objects.requireNonNull(partitionPath, "partitionPath");
      Objects.requireNonNull(index, "index");
      Objects.requireNonNull(fileIdSeed, "fileIdSeed");
      existingBuckets = Collections.unmodifiableSortedSet(new TreeSet<>(existingBuckets));
    }

    BucketInserts(
        String partitionPath, BucketIndex index, UUID fileIdSeed, Set<Integer> existingBuckets) {
      this(partitionPath, index, fileIdSeed, (SortedSet<Integer>) new TreeSet<>(existingBuckets));
    }

    Bucket bucketOf(String recordKey) {
      int bucketId = index.bucketId(recordKey);
      if (existingBuckets.contains(bucketId)) {
        throw new HudiTableException(
            "Record key '"
                + recordKey
                + "' of partition '"
                + partitionPath
                + "' hashes to bucket "
                + bucketId
                + ", which has a file group, but the index did not tag it there");
      }
      return Bucket.newFileGroup(
          FileGroupId.of(partitionPath, BucketIndex.newFileId(bucketId, fileIdSeed)));
    }

    @Override
    public String toString() {
      return index + " (new file ids *" + fileIdSeed.toString().substring(8) + "-0)";
    }
  }

  /**
   * An insert bucket and the running total of inserts planned up to and including it.
   *
   * @param bucket where the inserts go
   * @param plannedInserts the inserts planned for this bucket
   * @param cumulativeInserts the inserts planned for this bucket and the ones before it
   */
  public record InsertTarget(Bucket bucket, long plannedInserts, long cumulativeInserts) {

    public InsertTarget {
      Objects.requireNonNull(bucket, "bucket");
    }

    @Override
    public String toString() {
      return bucket + " x" + plannedInserts;
    }
  }
}
