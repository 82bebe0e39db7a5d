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
package io.hudibeam.transforms.coders;

import io.hudibeam.files.FileId;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.WritePlan;
import io.hudibeam.write.WritePlan.BucketInserts;
import io.hudibeam.write.WritePlan.InsertTarget;
import io.hudibeam.write.WritePlan.PartitionPlan;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.BigEndianLongCoder;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.coders.VarLongCoder;

/**
 * Deterministic coder of a {@link WritePlan} (the plan side input): per partition (in partition
 * path order) the update buckets (in file id order), the insert targets (in plan order), and the
 * bucket index's insert routing when there is one.
 */
public final class WritePlanCoder extends AtomicCoder<WritePlan> {
  private static final WritePlanCoder INSTANCE = new WritePlanCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();
  private static final VarIntCoder COUNT = VarIntCoder.of();
  private static final VarLongCoder LONG = VarLongCoder.of();
  private static final ListCoder<String> STRINGS = ListCoder.of(STRING);

  public static WritePlanCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(WritePlan value, OutputStream out) throws IOException {
    COUNT.encode(value.partitions().size(), out);
    for (Map.Entry<String, PartitionPlan> partition : value.partitions().entrySet()) {
      STRING.encode(partition.getKey(), out);
      encode(partition.getValue(), out);
    }
  }

  private static void encode(PartitionPlan plan, OutputStream out) throws IOException {
    COUNT.encode(plan.updateBuckets().size(), out);
    for (Map.Entry<FileId, Bucket> update : plan.updateBuckets().entrySet()) {
      STRING.encode(update.getKey().value(), out);
      BucketCoder.of().encode(update.getValue(), out);
    }
    COUNT.encode(plan.insertTargets().size(), out);
    for (InsertTarget target : plan.insertTargets()) {
      BucketCoder.of().encode(target.bucket(), out);
      LONG.encode(target.plannedInserts(), out);
      LONG.encode(target.cumulativeInserts(), out);
    }
    BooleanCoder.of().encode(plan.bucketInserts().isPresent(), out);
    if (plan.bucketInserts().isPresent()) {
      BucketInserts inserts = plan.bucketInserts().get();
      STRING.encode(inserts.partitionPath(), out);
      COUNT.encode(inserts.index().numBuckets(), out);
      STRINGS.encode(inserts.index().hashFields(), out);
      BigEndianLongCoder.of().encode(inserts.fileIdSeed().getMostSignificantBits(), out);
      BigEndianLongCoder.of().encode(inserts.fileIdSeed().getLeastSignificantBits(), out);
      COUNT.encode(inserts.existingBuckets().size(), out);
      for (int bucket : inserts.existingBuckets()) {
        COUNT.encode(bucket, out);
      }
    }
  }

  @Override
  public WritePlan decode(InputStream in) throws IOException {
    int partitions = COUNT.decode(in);
    TreeMap<String, PartitionPlan> plan = new TreeMap<>();
    for (int p = 0; p < partitions; p++) {
      String partition = STRING.decode(in);
      plan.put(partition, decodePartition(in));
    }
    return new WritePlan(plan);
  }

  private static PartitionPlan decodePartition(InputStream in) throws IOException {
    int updates = COUNT.decode(in);
    TreeMap<FileId, Bucket> updateBuckets = new TreeMap<>();
    for (int u = 0; u < updates; u++) {
      updateBuckets.put(FileId.parse(STRING.decode(in)), BucketCoder.of().decode(in));
    }
    int targets = COUNT.decode(in);
    List<InsertTarget> insertTargets = new ArrayList<>(targets);
    for (int t = 0; t < targets; t++) {
      insertTargets.add(
          new InsertTarget(BucketCoder.of().decode(in), LONG.decode(in), LONG.decode(in)));
    }
    Optional<BucketInserts> bucketInserts = Optional.empty();
    if (BooleanCoder.of().decode(in)) {
      String partition = STRING.decode(in);
      BucketIndex index = BucketIndex.of(COUNT.decode(in), STRINGS.decode(in));
      UUID seed = new UUID(BigEndianLongCoder.of().decode(in), BigEndianLongCoder.of().decode(in));
      int existing = COUNT.decode(in);
      TreeSet<Integer> existingBuckets = new TreeSet<>();
      for (int b = 0; b < existing; b++) {
        existingBuckets.add(COUNT.decode(in));
      }
      bucketInserts = Optional.of(new BucketInserts(partition, index, seed, existingBuckets));
    }
    return new PartitionPlan(updateBuckets, insertTargets, bucketInserts);
  }

  @Override
  public void verifyDeterministic() {}
}
