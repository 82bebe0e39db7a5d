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
package io.hudibeam.keygen;

import org.apache.avro.generic.GenericRecord;

/**
 * Computes the {@link HoodieKey} (record key and partition path) of an Avro record exactly as
 * Hudi's built-in key generator of the configured {@link KeyGeneratorType} does. Create one with
 * {@link #of(KeyGeneratorConfig)}; instances are immutable and thread-safe.
 */
public interface KeyGenerator {

  /**
   * The record key and partition path of {@code record}.
   *
   * @throws InvalidRecordException when a key field is missing from the schema, the record key is
   *     null or empty, or a value cannot be converted; an {@link UnsafePartitionPathException} when
   *     a partition value would not be a safe partition folder ({@link PartitionPathSafety})
   */
  HoodieKey keyOf(GenericRecord record);

  /** The key generator {@code config} describes. */
  static KeyGenerator of(KeyGeneratorConfig config) {
    RecordKeyFunction recordKey =
        config.recordKeyFields().size() == 1
            ? RecordKeyFunction.single(config.recordKeyFields().get(0))
            : RecordKeyFunction.composite(config.recordKeyFields());
    PartitionPathFunction partitionPath;
    switch (config.type()) {
      case NON_PARTITIONED:
        partitionPath = PartitionPathFunction.nonPartitioned();
        break;
      case TIMESTAMP_BASED:
        partitionPath =
            new TimestampPartitionPath(
                config.partitionFields().get(0),
                config.hiveStylePartitioning(),
                config.urlEncodePartitionPath(),
                config.timestampOptions().orElseThrow());
        break;
      default:
        partitionPath =
            PartitionPathFunction.fieldValues(
                config.partitionFields(),
                config.hiveStylePartitioning(),
                config.urlEncodePartitionPath());
    }
    PartitionPathFunction partitions = partitionPath;
    return record -> {
      String key = recordKey.recordKeyOf(record);
      return HoodieKey.of(key, partitions.partitionPathOf(record, key));
    };
  }
}
