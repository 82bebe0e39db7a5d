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

/**
 * Key/value metadata keys Hudi puts in a base file's Parquet footer ({@code
 * HoodieAvroWriteSupport}, {@code HoodieBloomFilterWriteSupport}).
 */
public final class FooterKeys {
  /** Base64 of the serialized record-key bloom filter. */
  public static final String BLOOM_FILTER = "org.apache.hudi.bloomfilter";

  /** Pre-Apache name of {@link #BLOOM_FILTER}; still read, never written. */
  public static final String LEGACY_BLOOM_FILTER = "com.uber.hoodie.bloomfilter";

  /** {@code DYNAMIC_V0}; written only for dynamic filters, absent means SIMPLE. */
  public static final String BLOOM_FILTER_TYPE_CODE = "hoodie_bloom_filter_type_code";

  public static final String MIN_RECORD_KEY = "hoodie_min_record_key";
  public static final String MAX_RECORD_KEY = "hoodie_max_record_key";

  /** parquet-avro's key for the writer's Avro schema. */
  public static final String AVRO_SCHEMA = "parquet.avro.schema";

  private FooterKeys() {}
}
