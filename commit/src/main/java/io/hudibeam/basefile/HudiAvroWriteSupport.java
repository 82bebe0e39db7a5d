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

import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroWriteSupport;
import org.apache.parquet.schema.MessageType;

/**
 * parquet-avro's write support plus Hudi's footer: every record key goes into the bloom filter and
 * the min/max key range, which are written as footer metadata when the file is closed (as Hudi's
 * {@code HoodieAvroWriteSupport} with {@code HoodieBloomFilterWriteSupport}). The filter is sized
 * to the file's keys when it is closed ({@link RecordKeyFilter}).
 */
final class HudiAvroWriteSupport extends AvroWriteSupport<GenericRecord> {
  private final RecordKeyFooter keys;

  HudiAvroWriteSupport(MessageType parquetSchema, Schema avroSchema, RecordKeyFilter bloomFilter) {
    super(parquetSchema, avroSchema, GenericData.get());
    this.keys = new RecordKeyFooter(bloomFilter);
  }

  void addKey(String recordKey) {
    keys.add(recordKey);
  }

  String minRecordKey() {
    return keys.minRecordKey();
  }

  String maxRecordKey() {
    return keys.maxRecordKey();
  }

  @Override
  public FinalizedWriteContext finalizeWrite() {
    Map<String, String> footer = new HashMap<>(super.finalizeWrite().getExtraMetaData());
    keys.putInto(footer);
    return new FinalizedWriteContext(footer);
  }
}
