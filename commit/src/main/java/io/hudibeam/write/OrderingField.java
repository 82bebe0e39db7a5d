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
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The ordering (precombine) field and how two versions of a record compare on it: the larger
 * ordering value wins. Values compare in Avro's sort order for the field's type, so numbers,
 * strings, dates and timestamps all order naturally; a missing or null value orders first.
 */
public final class OrderingField implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The setting that names the ordering field (Hudi's precombine field). */
  public static final String SETTING = "hoodie.datasource.write.precombine.field";

  private final String name;

  private OrderingField(String name) {
    this.name = name;
  }

  public static OrderingField of(String name) {
    return new OrderingField(name);
  }

  /** No ordering field: the record written later in the instant wins. */
  public static OrderingField none() {
    return new OrderingField(null);
  }

  public Optional<String> name() {
    return Optional.ofNullable(name);
  }

  /**
   * Compares the ordering values of two records with the same schema; records without data (deletes
   * by key) order as null.
   */
  public int compare(Optional<GenericRecord> a, Optional<GenericRecord> b) {
    if (name == null) {
      return 0;
    }
    Object va = a.map(r -> value(r)).orElse(null);
    Object vb = b.map(r -> value(r)).orElse(null);
    if (va == null || vb == null) {
      return va == null ? (vb == null ? 0 : -1) : 1;
    }
    Schema fieldSchema = nonNullSchema(a.get().getSchema().getField(name).schema());
    return GenericData.get().compare(va, vb, fieldSchema);
  }

  /**
   * Refuses a record to be upserted or inserted without an ordering value, as Hudi's writers do
   * ({@code BaseAvroPayload}'s constructor, Hudi 0.15/1.0: "Ordering value is null for record"):
   * with a null value the record would lose to every other version of its key, whatever its
   * content. Deletes by key need no ordering value. No ordering field: nothing to check.
   *
   * @throws InvalidRecordException when the field is null or missing in the record
   */
  public void requireValue(GenericRecord record, String recordKey) {
    if (name != null && value(record) == null) {
      throw new InvalidRecordException(
          String.format(
              "record key '%s': the ordering field '%s' (%s) is %s; Hudi's writers refuse a"
                  + " record without an ordering value, as it would lose to every other version of"
                  + " its key. Give every record a value, or write without an ordering field (the"
                  + " record written last wins)",
              recordKey,
              name,
              SETTING,
              record.getSchema().getField(name) == null
                  ? "not in the record's schema"
                  : name.equals(CompositeOrdering.FIELD)
                      ? "null: one of the ordering fields it is made of (withOrderingFields) is null"
                      : "null"));
    }
  }

  private Object value(GenericRecord record) {
    Schema.Field field = record.getSchema().getField(name);
    return field == null ? null : record.get(field.pos());
  }

  private static Schema nonNullSchema(Schema schema) {
    if (schema.getType() == Schema.Type.UNION) {
      for (Schema branch : schema.getTypes()) {
        if (branch.getType() != Schema.Type.NULL) {
          return branch;
        }
      }
    }
    return schema;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OrderingField && java.util.Objects.equals(name, ((OrderingField) o).name);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hashCode(name);
  }

  @Override
  public String toString() {
    return name == null ? "<none>" : name;
  }
}
