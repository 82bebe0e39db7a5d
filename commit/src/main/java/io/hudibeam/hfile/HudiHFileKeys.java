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
package io.hudibeam.hfile;

/**
 * The names Hudi gives to what it stores in an HFile besides the cells (Hudi 0.15's {@code
 * HoodieAvroHFileReaderImplBase}, unchanged in 1.0). A metadata-table base file ({@code
 * HoodieAvroHFileWriter}) has {@link #SCHEMA} in its file info from the start and, since Hudi's
 * file writer factory always gives HFiles a bloom filter ({@code
 * HoodieAvroFileWriterFactory.newHFileFileWriter}), at close {@link #MIN_RECORD_KEY}, {@link
 * #MAX_RECORD_KEY} and {@link #BLOOM_FILTER_TYPE_CODE} in the file info and the meta block {@link
 * #BLOOM_FILTER_META_BLOCK}. An HFile log data block ({@code
 * HFileUtils.serializeRecordsToLogBlock}) has only {@link #SCHEMA}.
 */
public final class HudiHFileKeys {
  /** File info: the Avro schema of the values, as JSON text in UTF-8. */
  public static final String SCHEMA = "schema";

  /** File info: the smallest record key, UTF-8 ({@code ""} for a file without records). */
  public static final String MIN_RECORD_KEY = "minRecordKey";

  /** File info: the largest record key, UTF-8. */
  public static final String MAX_RECORD_KEY = "maxRecordKey";

  /** File info: the bloom filter's type code ({@code DYNAMIC_V0} or {@code SIMPLE}), UTF-8. */
  public static final String BLOOM_FILTER_TYPE_CODE = "bloomFilterTypeCode";

  /**
   * Meta block: the record-key bloom filter, the UTF-8 bytes of its {@code serializeToString}
   * (base64 text), as Hudi's base-file bloom filters are serialized.
   */
  public static final String BLOOM_FILTER_META_BLOCK = "bloomFilter";

  /**
   * The Avro field holding the record key ({@code HoodieAvroHFileReaderImplBase.KEY_FIELD_NAME}):
   * Hudi stores the key as the cell's key and an empty string in this field of the value, and puts
   * the key back when it reads the value.
   */
  public static final String KEY_FIELD = "key";

  private HudiHFileKeys() {}
}
