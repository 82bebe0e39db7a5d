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
package io.hudibeam.basefile;

import io.hudibeam.hfile.HFileAvroValues;
import io.hudibeam.hfile.HFileSettings;
import io.hudibeam.hfile.HFileWriter;
import io.hudibeam.hfile.HudiHFileKeys;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Writes an HFile base file of Avro records as Hudi 0.15's {@code HoodieAvroHFileWriter} does (the
 * base files of the metadata table): one cell per record, the record key as the cell key, the
 * record's Avro binary with the {@code key} field blanked as the value ({@link HFileAvroValues});
 * the writer schema under {@code schema} in the file info; and, with a bloom filter (Hudi's file
 * writer factory always gives HFiles one, {@code HoodieAvroFileWriterFactory.newHFileFileWriter},
 * sized by {@code hoodie.index.bloom.num_entries} and friends), the min and max record key and the
 * filter's type code in the file info and the filter in the meta block {@code bloomFilter}. Records
 * come in unsigned byte order of their keys; a repeated key is refused, as Hudi 0.15 refuses it
 * ({@code HoodieDuplicateKeyException}). Not thread-safe.
 */
public final class HFileBaseFileWriter {
  private final Path path;
  private final HFileWriter writer;
  private final HFileAvroValues values;
  private final BloomFilter bloomFilter;
  private String minRecordKey;
  private String maxRecordKey;
  private long recordCount;

  private HFileBaseFileWriter(
      Path path, HFileWriter writer, HFileAvroValues values, BloomFilter bloomFilter) {
    this.path = path;
    this.writer = writer;
    this.values = values;
    this.bloomFilter = bloomFilter;
  }

  /**
   * Creates the base file {@code path} (which must not exist) for records of {@code schema}; {@code
   * bloomFilter} null writes none (Hudi always writes one).
   */
  public static HFileBaseFileWriter create(
      Configuration conf,
      Path path,
      Schema schema,
      HFileSettings settings,
      BloomFilterSettings bloomFilter) {
    HFileAvroValues values = HFileAvroValues.forSchema(schema);
    HFileWriter writer = HFileWriter.create(conf, path, settings);
    writer.appendFileInfo(HudiHFileKeys.SCHEMA, schema.toString().getBytes(StandardCharsets.UTF_8));
    return new HFileBaseFileWriter(
        path, writer, values, bloomFilter == null ? null : bloomFilter.newFilter());
  }

  public Path path() {
    return path;
  }

  /** Appends {@code record} under {@code recordKey}, which must sort after the previous key. */
  public void write(String recordKey, GenericRecord record) {
    Objects.requireNonNull(recordKey, "recordKey");
    if (recordKey.equals(maxRecordKey)) {
      throw new IllegalArgumentException(
          "Duplicate record key '" + recordKey + "' written to HFile base file " + path);
    }
    writer.append(recordKey.getBytes(StandardCharsets.UTF_8), values.encode(record));
    if (bloomFilter != null) {
      bloomFilter.add(recordKey);
    }
    if (minRecordKey == null) {
      minRecordKey = recordKey;
    }
    maxRecordKey = recordKey;
    recordCount++;
  }

  /** Writes the key range and bloom filter and closes the file. */
  public BaseFileResult close() {
    if (bloomFilter != null) {
      String min = minRecordKey == null ? "" : minRecordKey;
      String max = maxRecordKey == null ? "" : maxRecordKey;
      writer.appendFileInfo(HudiHFileKeys.MIN_RECORD_KEY, min.getBytes(StandardCharsets.UTF_8));
      writer.appendFileInfo(HudiHFileKeys.MAX_RECORD_KEY, max.getBytes(StandardCharsets.UTF_8));
      writer.appendFileInfo(
          HudiHFileKeys.BLOOM_FILTER_TYPE_CODE,
          bloomFilter.type().value().getBytes(StandardCharsets.UTF_8));
      writer.appendMetaBlock(
          HudiHFileKeys.BLOOM_FILTER_META_BLOCK,
          bloomFilter.serializeToString().getBytes(StandardCharsets.UTF_8));
    }
    writer.close();
    return new BaseFileResult(path, recordCount, writer.bytesWritten(), minRecordKey, maxRecordKey);
  }

  /** Stops writing and deletes the file. */
  public void abort() {
    writer.abort();
  }
}
