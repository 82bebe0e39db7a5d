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

import java.util.List;
import org.apache.avro.generic.GenericRecord;

/** Derives the record key of a record from one or several fields. */
interface RecordKeyFunction {
  String NULL_PLACEHOLDER = "__null__";
  String EMPTY_PLACEHOLDER = "__empty__";
  String ROLE = "record key field";

  String recordKeyOf(GenericRecord record);

  /**
   * The value of one field, which must be non-null and non-empty (Hudi's {@code
   * KeyGenUtils.getRecordKey(record, field, ...)}, used by the simple and timestamp-based
   * generators and by the complex and non-partitioned ones when they have a single key field).
   */
  static RecordKeyFunction single(String field) {
    return record -> {
      String value = FieldValues.string(record, field, ROLE);
      if (value == null || value.isEmpty()) {
        throw new InvalidRecordException(
            String.format(
                "%s '%s' is %s, but a record key must be non-empty; record: %s",
                ROLE, field, value == null ? "null" : "empty", FieldValues.describe(record)));
      }
      return value;
    };
  }

  /**
   * {@code f1:v1,f2:v2,...} with {@value #NULL_PLACEHOLDER} and {@value #EMPTY_PLACEHOLDER} for
   * null and empty values; at least one value must be non-empty (Hudi's {@code
   * KeyGenUtils.getRecordKey(record, fields, ...)}).
   */
  static RecordKeyFunction composite(List<String> fields) {
    List<String> copy = List.copyOf(fields);
    return record -> {
      StringBuilder key = new StringBuilder();
      boolean allNullOrEmpty = true;
      for (int i = 0; i < copy.size(); i++) {
        String field = copy.get(i);
        String value = FieldValues.string(record, field, ROLE);
        if (i > 0) {
          key.append(',');
        }
        key.append(field).append(':');
        if (value == null) {
          key.append(NULL_PLACEHOLDER);
        } else if (value.isEmpty()) {
          key.append(EMPTY_PLACEHOLDER);
        } else {
          key.append(value);
          allNullOrEmpty = false;
        }
      }
      if (allNullOrEmpty) {
        throw new InvalidRecordException(
            String.format(
                "record key fields %s are all null or empty (%s), but a record key needs at least"
                    + " one value; record: %s",
                copy, key, FieldValues.describe(record)));
      }
      return key.toString();
    };
  }
}
