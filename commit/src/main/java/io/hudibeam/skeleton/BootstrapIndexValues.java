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
package io.hudibeam.skeleton;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;

/**
 * The Avro values of the bootstrap index (Hudi's {@code hudi-common/src/main/avro} schemas {@code
 * HoodieBootstrapPartitionMetadata}, {@code HoodieBootstrapFilePartitionInfo}, {@code
 * HoodieBootstrapIndexInfo} and {@code HoodieFileStatus}, the same in 0.15.0 and 1.0.2), each
 * encoded as Hudi's {@code TimelineMetadataUtils.serializeAvroMetadata} encodes them: an Avro
 * object-container file of one record, null codec.
 */
final class BootstrapIndexValues {
  static final Schema PARTITION_METADATA = load("HoodieBootstrapPartitionMetadata");
  static final Schema FILE_PARTITION_INFO = load("HoodieBootstrapFilePartitionInfo");
  static final Schema INDEX_INFO = load("HoodieBootstrapIndexInfo");

  private BootstrapIndexValues() {}

  /**
   * The value of a partition's key in the {@code .partitions} index: its source partition, its
   * partition path and every file id with its source file (by file id, for a stable encoding; Hudi
   * builds the map with {@code Collectors.toMap}, in no particular order).
   */
  static byte[] partitionMetadata(String partitionPath, List<BootstrapFileMapping> files) {
    GenericData.Record r = new GenericData.Record(PARTITION_METADATA);
    r.put("version", 1);
    r.put("bootstrapPartitionPath", files.get(0).sourcePartition());
    r.put("partitionPath", partitionPath);
    Schema statusSchema = mapValues(PARTITION_METADATA.getField("fileIdToBootstrapFile").schema());
    Map<String, GenericRecord> byFileId = new TreeMap<>();
    for (BootstrapFileMapping m : files) {
      byFileId.put(m.fileGroup().fileId().value(), fileStatus(statusSchema, m.source()));
    }
    r.put("fileIdToBootstrapFile", byFileId);
    return encode(r);
  }

  /** The value of a file group's key in the {@code .fileids} index. */
  static byte[] filePartitionInfo(BootstrapFileMapping mapping) {
    GenericData.Record r = new GenericData.Record(FILE_PARTITION_INFO);
    r.put("version", 1);
    r.put("bootstrapPartitionPath", mapping.sourcePartition());
    r.put(
        "bootstrapFileStatus",
        fileStatus(
            nonNull(FILE_PARTITION_INFO.getField("bootstrapFileStatus").schema()),
            mapping.source()));
    r.put("partitionPath", mapping.fileGroup().partitionPath());
    return encode(r);
  }

  /** The {@code INDEX_INFO} file-info value of either index file. */
  static byte[] indexInfo(String sourceBasePath, long createdTimestamp, int numKeys) {
    GenericData.Record r = new GenericData.Record(INDEX_INFO);
    r.put("version", 1);
    r.put("bootstrapBasePath", sourceBasePath);
    r.put("createdTimestamp", createdTimestamp);
    r.put("numKeys", numKeys);
    return encode(r);
  }

  private static GenericRecord fileStatus(Schema schema, SourceFileStatus status) {
    GenericData.Record path = new GenericData.Record(nonNull(schema.getField("path").schema()));
    path.put("version", 1);
    path.put("uri", status.uri());
    GenericData.Record r = new GenericData.Record(schema);
    r.put("version", 1);
    r.put("path", path);
    r.put("length", status.length());
    r.put("isDir", false);
    r.put("blockReplication", status.blockReplication());
    r.put("blockSize", status.blockSize());
    r.put("modificationTime", status.modificationTime());
    r.put("accessTime", status.accessTime());
    return r;
  }

  private static Schema nonNull(Schema union) {
    return union.getTypes().stream()
        .filter(s -> s.getType() != Schema.Type.NULL)
        .findFirst()
        .orElseThrow();
  }

  private static Schema mapValues(Schema union) {
    return nonNull(union).getValueType();
  }

  static byte[] encode(GenericRecord record) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(record.getSchema()))) {
      writer.create(record.getSchema(), out);
      writer.append(record);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot encode " + record.getSchema().getName(), e);
    }
    return out.toByteArray();
  }

  private static Schema load(String name) {
    String resource = name + ".avsc";
    try (InputStream in = BootstrapIndexValues.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("Missing schema resource " + resource);
      }
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read schema resource " + resource, e);
    }
  }
}
