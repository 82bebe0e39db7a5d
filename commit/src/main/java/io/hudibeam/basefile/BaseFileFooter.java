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

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.Schema;

/**
 * The parts of a base file's Parquet footer Hudi uses: the bloom filter, the record key range, the
 * Avro schema and the row count.
 */
public final class BaseFileFooter {
  private final Schema avroSchema;
  private final long rowCount;
  private final Map<String, String> keyValueMetadata;

  BaseFileFooter(Schema avroSchema, long rowCount, Map<String, String> keyValueMetadata) {
    this.avroSchema = Objects.requireNonNull(avroSchema, "avroSchema");
    this.rowCount = rowCount;
    this.keyValueMetadata = Collections.unmodifiableMap(new LinkedHashMap<>(keyValueMetadata));
  }

  /**
   * The writer's Avro schema ({@value FooterKeys#AVRO_SCHEMA}), or the Parquet schema converted to
   * Avro when the file has none (files written by Hudi's Spark row writer).
   */
  public Schema avroSchema() {
    return avroSchema;
  }

  public long rowCount() {
    return rowCount;
  }

  /** All footer key/value metadata. */
  public Map<String, String> keyValueMetadata() {
    return keyValueMetadata;
  }

  /** The bloom filter type: the footer's type code, SIMPLE when absent (as Hudi reads it). */
  public Optional<BloomFilterType> bloomFilterType() {
    if (serializedBloomFilter() == null) {
      return Optional.empty();
    }
    String code = keyValueMetadata.get(FooterKeys.BLOOM_FILTER_TYPE_CODE);
    return Optional.of(code == null ? BloomFilterType.SIMPLE : BloomFilterType.fromValue(code));
  }

  /** A new filter read from the footer ({@value FooterKeys#BLOOM_FILTER} or its legacy key). */
  public Optional<BloomFilter> bloomFilter() {
    String serialized = serializedBloomFilter();
    if (serialized == null) {
      return Optional.empty();
    }
    return Optional.of(BloomFilter.fromString(serialized, bloomFilterType().get()));
  }

  public Optional<String> minRecordKey() {
    return Optional.ofNullable(keyValueMetadata.get(FooterKeys.MIN_RECORD_KEY));
  }

  public Optional<String> maxRecordKey() {
    return Optional.ofNullable(keyValueMetadata.get(FooterKeys.MAX_RECORD_KEY));
  }

  private String serializedBloomFilter() {
    String serialized = keyValueMetadata.get(FooterKeys.BLOOM_FILTER);
    return serialized != null ? serialized : keyValueMetadata.get(FooterKeys.LEGACY_BLOOM_FILTER);
  }
}
