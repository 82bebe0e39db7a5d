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
package io.hudibeam.write;

import io.hudibeam.keygen.InvalidRecordException;
import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * Decides per record whether an upsert writes or deletes its key, so one write applies a change
 * stream's inserts, updates and deletes in the same instant:
 *
 * <ul>
 *   <li>a record whose {@value #IS_DELETED_FIELD} field is the boolean {@code true} is a delete:
 *       Hudi's convention, as its payloads read it ({@code BaseAvroPayload.isDeleteRecord}, Hudi
 *       0.15 and 1.0.2: the field must exist and hold a {@code Boolean} true; null or false is a
 *       write);
 *   <li>with a change type field ({@code withChangeTypeField}), the field's value is looked up in
 *       the change type map (Debezium's {@code c}, {@code r}, {@code u}, {@code d} by default): an
 *       insert or update writes the record, a delete deletes its key; a value the map does not
 *       hold, or no value, fails the record, naming the field, the value and the record key.
 * </ul>
 *
 * <p>A delete decided here keeps its record, so it carries the record's ordering value: within a
 * write it competes with the key's other changes by ordering value like any other version of the
 * key (the latest wins, a delete included), as Hudi's pre-combine does with a {@code
 * _hoodie_is_deleted} record.
 */
public final class ChangeTypes implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Hudi's delete marker field ({@code HoodieRecord.HOODIE_IS_DELETED_FIELD}). */
  public static final String IS_DELETED_FIELD = "_hoodie_is_deleted";

  private final String field;
  private final TreeMap<String, ChangeType> values;

  private ChangeTypes(String field, Map<String, ChangeType> values) {
    this.field = field;
    this.values = new TreeMap<>(values);
  }

  /** No change type field: only {@value #IS_DELETED_FIELD} makes a delete. */
  public static ChangeTypes none() {
    return new ChangeTypes(null, Map.of());
  }

  /** Debezium's operations: {@code c} (create), {@code r} (snapshot read), {@code u}, {@code d}. */
  public static Map<String, ChangeType> debezium() {
    return Map.of(
        "c", ChangeType.INSERT,
        "r", ChangeType.INSERT,
        "u", ChangeType.UPDATE,
        "d", ChangeType.DELETE);
  }

  /**
   * The change type of a record is the value of {@code field} (its string form) looked up in {@code
   * values}.
   */
  public static ChangeTypes of(String field, Map<String, ChangeType> values) {
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException("The change type field must not be null or empty");
    }
    if (values == null || values.isEmpty()) {
      throw new IllegalArgumentException(
          "The change type map of field '" + field + "' must not be empty");
    }
    values.forEach(
        (k, v) -> {
          if (k == null || v == null) {
            throw new IllegalArgumentException(
                "The change type map of field '" + field + "' has a null value or type: " + values);
          }
        });
    return new ChangeTypes(field, values);
  }

  public Optional<String> field() {
    return Optional.ofNullable(field);
  }

  /** The change type map, ordered by value. */
  public Map<String, ChangeType> values() {
    return Collections.unmodifiableMap(values);
  }

  /**
   * What {@code record}, keyed {@code recordKey}, asks of the table.
   *
   * @throws InvalidRecordException when its change type is missing or not in the map
   */
  public RecordOperation operationOf(GenericRecord record, String recordKey) {
    RecordOperation operation = RecordOperation.UPSERT;
    if (field != null) {
      operation = changeTypeOf(record, recordKey).operation();
    }
    if (operation == RecordOperation.UPSERT && isDeletedMarked(record)) {
      operation = RecordOperation.DELETE;
    }
    return operation;
  }

  private ChangeType changeTypeOf(GenericRecord record, String recordKey) {
    Schema.Field f = record.getSchema().getField(field);
    Object value = f == null ? null : record.get(f.pos());
    ChangeType type = value == null ? null : values.get(value.toString());
    if (type == null) {
      throw new InvalidRecordException(
          String.format(
              "record key '%s': the change type field '%s' is %s; expected one of %s"
                  + " (withChangeTypeField)",
              recordKey,
              field,
              f == null
                  ? "not in the record's schema"
                  : value == null ? "null" : "'" + value + "', which the change type map lacks",
              values.keySet()));
    }
    return type;
  }

  /** Whether the record's {@value #IS_DELETED_FIELD} is {@code true}, as Hudi reads it. */
  static boolean isDeletedMarked(GenericRecord record) {
    Schema.Field f = record.getSchema().getField(IS_DELETED_FIELD);
    return f != null && Boolean.TRUE.equals(record.get(f.pos()));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ChangeTypes
        && Objects.equals(field, ((ChangeTypes) o).field)
        && values.equals(((ChangeTypes) o).values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(field, values);
  }

  @Override
  public String toString() {
    return field == null ? IS_DELETED_FIELD : field + " " + values;
  }
}
