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
import io.hudibeam.write.WorkloadProfile;
import io.hudibeam.write.WorkloadProfile.PartitionWorkload;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.coders.VarLongCoder;

/**
 * Deterministic coder of a {@link WorkloadProfile}: per partition (in partition path order) the
 * insert count, then the update count of each file group (in file id order).
 */
public final class WorkloadProfileCoder extends AtomicCoder<WorkloadProfile> {
  private static final WorkloadProfileCoder INSTANCE = new WorkloadProfileCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();
  private static final VarIntCoder COUNT = VarIntCoder.of();
  private static final VarLongCoder LONG = VarLongCoder.of();

  public static WorkloadProfileCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(WorkloadProfile value, OutputStream out) throws IOException {
    COUNT.encode(value.partitions().size(), out);
    for (Map.Entry<String, PartitionWorkload> partition : value.partitions().entrySet()) {
      STRING.encode(partition.getKey(), out);
      LONG.encode(partition.getValue().inserts(), out);
      COUNT.encode(partition.getValue().updates().size(), out);
      for (Map.Entry<FileId, Long> update : partition.getValue().updates().entrySet()) {
        STRING.encode(update.getKey().value(), out);
        LONG.encode(update.getValue(), out);
      }
    }
  }

  @Override
  public WorkloadProfile decode(InputStream in) throws IOException {
    int partitions = COUNT.decode(in);
    TreeMap<String, PartitionWorkload> profile = new TreeMap<>();
    for (int p = 0; p < partitions; p++) {
      String partition = STRING.decode(in);
      long inserts = LONG.decode(in);
      int fileGroups = COUNT.decode(in);
      TreeMap<FileId, Long> updates = new TreeMap<>();
      for (int f = 0; f < fileGroups; f++) {
        updates.put(FileId.parse(STRING.decode(in)), LONG.decode(in));
      }
      profile.put(partition, new PartitionWorkload(inserts, updates));
    }
    return new WorkloadProfile(profile);
  }

  @Override
  public void verifyDeterministic() {}
}
