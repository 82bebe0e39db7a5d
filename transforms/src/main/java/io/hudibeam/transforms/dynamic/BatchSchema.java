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
package io.hudibeam.transforms.dynamic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The one schema a table's batch is written with when its records came with several (a source
 * table's schema changed within a commit interval): the schema whose fields include every other
 * schema's fields, same name and type; the other records are given its extra fields' defaults.
 * Records of schemas none of which includes the others are refused, naming the table.
 */
record BatchSchema(Schema schema, List<GenericRecord> records) {

  static BatchSchema of(String destination, Map<String, List<GenericRecord>> bySchema) {
    List<Schema> schemas = new ArrayList<>();
    bySchema.keySet().forEach(json -> schemas.add(new Schema.Parser().parse(json)));
    Optional<Schema> widest =
        schemas.stream()
            .filter(candidate -> schemas.stream().allMatch(other -> includes(candidate, other)))
            .min(Comparator.comparing(Schema::toString));
    if (widest.isEmpty()) {
      throw new IllegalArgumentException(
          "writeDynamic: the records of table "
              + destination
              + " in one commit came with "
              + schemas.size()
              + " Avro schemas, none of which has every field of the others (same name and type): "
              + schemas);
    }
    Schema schema = widest.get();
    List<GenericRecord> records = new ArrayList<>();
    bySchema.forEach(
        (json, batch) -> {
          if (json.equals(schema.toString())) {
            records.addAll(batch);
          } else {
            batch.forEach(record -> records.add(widen(destination, record, schema)));
          }
        });
    return new BatchSchema(schema, records);
  }

  /** Whether {@code wide} has every field of {@code narrow}, with the same schema. */
  private static boolean includes(Schema wide, Schema narrow) {
    for (Schema.Field field : narrow.getFields()) {
      Schema.Field same = wide.getField(field.name());
      if (same == null || !same.schema().equals(field.schema())) {
        return false;
      }
    }
    return true;
  }

  private static GenericRecord widen(String destination, GenericRecord record, Schema wide) {
    GenericData.Record widened = new GenericData.Record(wide);
    for (Schema.Field field : wide.getFields()) {
      if (record.getSchema().getField(field.name()) != null) {
        widened.put(field.pos(), record.get(field.name()));
      } else if (field.hasDefaultValue()) {
        widened.put(field.pos(), GenericData.get().getDefaultValue(field));
      } else if (field.schema().isNullable()) {
        widened.put(field.pos(), null);
      } else {
        throw new IllegalArgumentException(
            "writeDynamic: a record of table "
                + destination
                + " lacks field '"
                + field.name()
                + "', which its commit's newer schema has without a default and not nullable: "
                + record);
      }
    }
    return widened;
  }
}
