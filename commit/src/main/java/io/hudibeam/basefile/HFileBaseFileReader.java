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
import io.hudibeam.hfile.HFileEntry;
import io.hudibeam.hfile.HFileFormatException;
import io.hudibeam.hfile.HFileReader;
import io.hudibeam.hfile.HudiHFileKeys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Reads the Avro records of an HFile base file written by Hudi ({@code HoodieAvroHFileWriter}) or
 * {@link HFileBaseFileWriter}: the writer schema from the file info, records in key order, by keys
 * and by key prefixes (Hudi 0.15's {@code HoodieNativeAvroHFileReader}), the bloom filter and the
 * record key range. Not thread-safe.
 */
public final class HFileBaseFileReader implements AutoCloseable {
  private final HFileReader reader;
  private final Schema schema;

  private HFileBaseFileReader(HFileReader reader) {
    this.reader = reader;
    byte[] schemaJson =
        reader
            .fileInfo(HudiHFileKeys.SCHEMA)
            .orElseThrow(
                () ->
                    new HFileFormatException(
                        reader.name()
                            + " has no '"
                            + HudiHFileKeys.SCHEMA
                            + "' file info entry; Hudi's HFile base files carry their Avro schema"));
    this.schema = new Schema.Parser().parse(new String(schemaJson, StandardCharsets.UTF_8));
  }

  public static HFileBaseFileReader open(Configuration conf, Path path) {
    HFileReader reader = HFileReader.open(conf, path);
    try {
      return new HFileBaseFileReader(reader);
    } catch (RuntimeException e) {
      reader.close();
      throw e;
    }
  }

  /** Reads a base file's bytes held in memory; {@code name} is what errors call it. */
  public static HFileBaseFileReader of(byte[] bytes, String name) {
    return new HFileBaseFileReader(HFileReader.of(bytes, name));
  }

  /** The writer schema (file info {@code schema}). */
  public Schema schema() {
    return schema;
  }

  public long recordCount() {
    return reader.entryCount();
  }

  /** Every record in key order, decoded with the file's schema. */
  public Iterator<GenericRecord> records() {
    return records(schema);
  }

  /** Every record in key order, resolved to {@code readerSchema}. */
  public Iterator<GenericRecord> records(Schema readerSchema) {
    Iterator<HFileEntry> cells = reader.scan();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return cells.hasNext();
      }

      @Override
      public GenericRecord next() {
        HFileEntry cell = cells.next();
        return HFileAvroValues.decode(cell.key(), cell.value(), schema, readerSchema);
      }
    };
  }

  /** The records of the keys that exist, in key order. */
  public List<GenericRecord> recordsByKeys(Collection<String> keys, Schema readerSchema) {
    return decode(reader.getAll(utf8(keys)), readerSchema);
  }

  /** The records whose keys start with any of {@code prefixes}, prefix by prefix. */
  public List<GenericRecord> recordsByKeyPrefixes(
      Collection<String> prefixes, Schema readerSchema) {
    return decode(reader.scanPrefixes(utf8(prefixes)), readerSchema);
  }

  /** The record-key bloom filter, if the file has one. */
  public Optional<BloomFilter> bloomFilter() {
    Optional<byte[]> filter = reader.metaBlock(HudiHFileKeys.BLOOM_FILTER_META_BLOCK);
    Optional<byte[]> type = reader.fileInfo(HudiHFileKeys.BLOOM_FILTER_TYPE_CODE);
    if (filter.isEmpty() || type.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        BloomFilter.fromString(
            new String(filter.get(), StandardCharsets.UTF_8),
            BloomFilterType.fromValue(new String(type.get(), StandardCharsets.UTF_8))));
  }

  public Optional<String> minRecordKey() {
    return reader.fileInfo(HudiHFileKeys.MIN_RECORD_KEY).map(HFileBaseFileReader::text);
  }

  public Optional<String> maxRecordKey() {
    return reader.fileInfo(HudiHFileKeys.MAX_RECORD_KEY).map(HFileBaseFileReader::text);
  }

  @Override
  public void close() {
    reader.close();
  }

  private List<GenericRecord> decode(List<HFileEntry> cells, Schema readerSchema) {
    List<GenericRecord> records = new ArrayList<>(cells.size());
    for (HFileEntry cell : cells) {
      records.add(HFileAvroValues.decode(cell.key(), cell.value(), schema, readerSchema));
    }
    return records;
  }

  private static List<byte[]> utf8(Collection<String> keys) {
    List<byte[]> bytes = new ArrayList<>(keys.size());
    keys.forEach(k -> bytes.add(k.getBytes(StandardCharsets.UTF_8)));
    return bytes;
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
