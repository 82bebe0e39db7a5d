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
package io.hudibeam.metadatatable;

import io.hudibeam.table.TableVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The records of the metadata table's {@code files} partition, as Hudi 0.15's {@code
 * HoodieMetadataPayload.createPartitionListRecord} and {@code createPartitionFilesRecord} build
 * them, in the {@code HoodieMetadataRecord} Avro schema ({@code hudi-common/src/main/avro/
 * HoodieMetadata.avsc}, the schema Hudi 0.15's writer puts into the metadata table's deltacommits):
 *
 * <ul>
 *   <li>key {@value #ALL_PARTITIONS_KEY}, type {@value #TYPE_PARTITION_LIST}: the partitions, each
 *       mapped to {@code {size: 0, isDeleted}};
 *   <li>key = the partition path ({@value #NON_PARTITIONED_NAME} for a non-partitioned table), type
 *       {@value #TYPE_FILE_LIST}: file name to {@code {size, isDeleted}}; a deleted file has size 0
 *       and {@code isDeleted=true} ({@code HoodieMetadataPayload.DELETE_FILE_METADATA}).
 * </ul>
 *
 * Readers merge the records of a key over the base file and the log blocks ({@code
 * HoodieMetadataPayload.combineFileSystemMetadata}): a later entry of a file replaces an earlier
 * one (sizes: the larger), a deleted entry removes the file.
 */
public final class MetadataRecords {
  /**
   * The key of the partition-list record ({@code HoodieTableMetadata.RECORDKEY_PARTITION_LIST}).
   */
  public static final String ALL_PARTITIONS_KEY = "__all_partitions__";

  /** The partition name of a non-partitioned table ({@code HoodieTableMetadata}). */
  public static final String NON_PARTITIONED_NAME = ".";

  static final int TYPE_PARTITION_LIST = 1;
  static final int TYPE_FILE_LIST = 2;

  /**
   * The record schema of a table version 6 metadata table (Hudi 0.15's {@code
   * HoodieMetadataRecord}).
   */
  public static final Schema SCHEMA = loadSchema("HoodieMetadataRecord.avsc");

  /**
   * The record schema of a table version 8 metadata table (Hudi 1.0.2's, which adds {@code
   * SecondaryIndexMetadata} and column-stats fields).
   */
  public static final Schema SCHEMA_V8 = loadSchema("HoodieMetadataRecordV8.avsc");

  private MetadataRecords() {}

  /** The partition-list record naming {@code partitions}, all added or all deleted. */
  public static GenericRecord partitionList(
      Schema schema, List<String> partitions, boolean deleted) {
    Map<String, GenericRecord> entries = new LinkedHashMap<>();
    for (String partition : partitions) {
      entries.put(partitionName(partition), fileInfo(schema, 0L, deleted));
    }
    return record(schema, ALL_PARTITIONS_KEY, TYPE_PARTITION_LIST, entries);
  }

  /** The file-list record of {@code partition}: files added with their sizes, files deleted. */
  public static GenericRecord partitionFiles(
      Schema schema, String partition, Map<String, Long> added, List<String> deleted) {
    Map<String, GenericRecord> entries = new LinkedHashMap<>();
    added.forEach(
        (name, size) -> {
          if (size <= 0) {
            throw new IllegalArgumentException(
                "File "
                    + name
                    + " of partition '"
                    + partition
                    + "' has size "
                    + size
                    + "; the metadata table records only non-empty files (Hudi checks the same)");
          }
          entries.put(name, fileInfo(schema, size, false));
        });
    for (String name : deleted) {
      entries.put(name, fileInfo(schema, 0L, true));
    }
    return record(schema, partitionName(partition), TYPE_FILE_LIST, entries);
  }

  /**
   * The {@code filesystemMetadata} map of a {@code files} record (partition list or file list),
   * name to file info, in the record's order; empty when the record has none.
   */
  static Map<String, GenericRecord> fileEntries(GenericRecord record) {
    Map<String, GenericRecord> entries = new LinkedHashMap<>();
    Object map = record.get("filesystemMetadata");
    if (map instanceof Map<?, ?> m) {
      m.forEach((k, v) -> entries.put(k.toString(), (GenericRecord) v));
    }
    return entries;
  }

  /** Whether a file info of a {@code files} record marks its file (or partition) deleted. */
  static boolean isDeleted(GenericRecord info) {
    return Boolean.TRUE.equals(info.get("isDeleted"));
  }

  /** The name a partition path has in the metadata table ({@code "."} for the empty path). */
  public static String partitionName(String partitionPath) {
    return partitionPath.isEmpty() ? NON_PARTITIONED_NAME : partitionPath;
  }

  /** The schema of the metadata table of a data table of {@code version}. */
  public static Schema schema(TableVersion version) {
    return version == TableVersion.SIX ? SCHEMA : SCHEMA_V8;
  }

  private static GenericRecord record(
      Schema schema, String key, int type, Map<String, GenericRecord> entries) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("key", key);
    r.put("type", type);
    r.put("filesystemMetadata", entries);
    return r;
  }

  private static GenericRecord fileInfo(Schema schema, long size, boolean deleted) {
    Schema fileInfo =
        schema.getField("filesystemMetadata").schema().getTypes().get(1).getValueType();
    GenericRecord info = new GenericData.Record(fileInfo);
    info.put("size", size);
    info.put("isDeleted", deleted);
    return info;
  }

  private static Schema loadSchema(String resource) {
    try (InputStream in = MetadataRecords.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("Missing schema resource " + resource);
      }
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read schema resource " + resource, e);
    }
  }
}
