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
package io.hudibeam.transforms.schema;

import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.beam.sdk.values.Row;

/** Converts a Row to a GenericData.Record by position, with converters resolved up front. */
final class RecordConverter {
  private final Schema recordSchema;
  private final int beamFieldCount;
  private final int[] beamIndexes;
  private final FieldConverter[] converters;

  RecordConverter(
      Schema recordSchema, int beamFieldCount, int[] beamIndexes, FieldConverter[] converters) {
    this.recordSchema = recordSchema;
    this.beamFieldCount = beamFieldCount;
    this.beamIndexes = beamIndexes;
    this.converters = converters;
  }

  GenericData.Record convert(Row row) {
    if (row.getFieldCount() != beamFieldCount) {
      throw new SchemaMappingException(
          "Row has "
              + row.getFieldCount()
              + " fields but the converter for Avro record "
              + recordSchema.getFullName()
              + " was built for a Beam schema with "
              + beamFieldCount
              + " fields; row schema: "
              + row.getSchema());
    }
    GenericData.Record record = new GenericData.Record(recordSchema);
    for (int pos = 0; pos < beamIndexes.length; pos++) {
      int beamIndex = beamIndexes[pos];
      if (beamIndex >= 0) {
        record.put(pos, converters[pos].convert(row.getValue(beamIndex)));
      }
    }
    return record;
  }
}
