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
package io.hudibeam;

import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.Row;

/**
 * The destination of a record is the string form of one of its fields ({@link
 * HudiWriteTables#withDestinationField}); null when the field is null.
 */
final class DestinationField<T> implements SerializableFunction<T, String> {
  private static final long serialVersionUID = 1L;

  private final String field;

  DestinationField(String field) {
    this.field = field;
  }

  String field() {
    return field;
  }

  @Override
  public String apply(T element) {
    Object value;
    if (element instanceof Row row) {
      value = row.getValue(field);
    } else if (element instanceof GenericRecord record) {
      value = record.get(field);
    } else {
      throw new IllegalArgumentException(
          "withDestinationField takes Rows or GenericRecords, but got " + element.getClass());
    }
    return value == null ? null : value.toString();
  }
}
