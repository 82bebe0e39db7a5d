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

import io.hudibeam.table.HudiTableException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;

/**
 * The five Hudi meta fields every base-file record starts with, in schema order (Hudi's {@code
 * HoodieRecord.HOODIE_META_COLUMNS}), and the schema operations that add or remove them.
 */
public enum MetaFields {
  COMMIT_TIME("_hoodie_commit_time"),
  COMMIT_SEQNO("_hoodie_commit_seqno"),
  RECORD_KEY("_hoodie_record_key"),
  PARTITION_PATH("_hoodie_partition_path"),
  FILE_NAME("_hoodie_file_name");

  /**
   * Present only with CDC or {@code hoodie.allow.operation.metadata.field}; we never write it, but
   * Hudi's {@code addMetadataFields} drops a user field of this name, and so do we.
   */
  public static final String OPERATION_FIELD_NAME = "_hoodie_operation";

  /** Number of meta fields; user fields start at this position. */
  public static final int COUNT = 5;

  private static final Schema META_FIELD_SCHEMA =
      Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING));

  private final String fieldName;

  MetaFields(String fieldName) {
    this.fieldName = fieldName;
  }

  public String fieldName() {
    return fieldName;
  }

  /** Position of the field in a schema with meta fields. */
  public int position() {
    return ordinal();
  }

  public static MetaFields fromFieldName(String fieldName) {
    for (MetaFields field : values()) {
      if (field.fieldName.equals(fieldName)) {
        return field;
      }
    }
    throw new HudiTableException(
        "'" + fieldName + "' is not a Hudi meta field; expected one of " + names());
  }

  /** True for the five meta field names and {@value #OPERATION_FIELD_NAME}. */
  public static boolean isMetaFieldName(String fieldName) {
    if (OPERATION_FIELD_NAME.equals(fieldName)) {
      return true;
    }
    for (MetaFields field : values()) {
      if (field.fieldName.equals(fieldName)) {
        return true;
      }
    }
    return false;
  }

  /** True if the record schema starts with the five meta fields in Hudi's order. */
  public static boolean hasMetaFields(Schema schema) {
    List<Schema.Field> fields = requireRecord(schema).getFields();
    if (fields.size() < COUNT) {
      return false;
    }
    for (MetaFields field : values()) {
      if (!fields.get(field.position()).name().equals(field.fieldName)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The schema with the five meta fields prepended as Hudi's {@code
   * HoodieAvroUtils.addMetadataFields}: each {@code ["null","string"]}, doc {@code ""}, default
   * null; meta fields found elsewhere in the schema are dropped, user fields keep name, schema,
   * doc, default and properties. A schema that already starts with the meta fields is returned
   * unchanged.
   */
  public static Schema withMetaFields(Schema userSchema) {
    if (hasMetaFields(userSchema)) {
      return userSchema;
    }
    List<Schema.Field> fields = new ArrayList<>(userSchema.getFields().size() + COUNT);
    for (MetaFields field : values()) {
      fields.add(
          new Schema.Field(field.fieldName, META_FIELD_SCHEMA, "", JsonProperties.NULL_VALUE));
    }
    for (Schema.Field field : userSchema.getFields()) {
      if (!isMetaFieldName(field.name())) {
        fields.add(copy(field));
      }
    }
    return recordLike(userSchema, fields);
  }

  /** The schema without the meta fields (and without {@value #OPERATION_FIELD_NAME}). */
  public static Schema withoutMetaFields(Schema schema) {
    List<Schema.Field> fields = new ArrayList<>();
    boolean removed = false;
    for (Schema.Field field : requireRecord(schema).getFields()) {
      if (isMetaFieldName(field.name())) {
        removed = true;
      } else {
        fields.add(copy(field));
      }
    }
    return removed ? recordLike(schema, fields) : schema;
  }

  /**
   * The {@code _hoodie_commit_seqno} value, {@code <instantTime>_<taskPartitionId>_<recordIndex>},
   * as Hudi's {@code HoodieRecord.generateSequenceId}.
   */
  public static String sequenceId(String instantTime, int partitionId, long recordIndex) {
    Objects.requireNonNull(instantTime, "instantTime");
    return instantTime + "_" + partitionId + "_" + recordIndex;
  }

  private static Schema.Field copy(Schema.Field field) {
    Schema.Field copy =
        new Schema.Field(field.name(), field.schema(), field.doc(), field.defaultVal());
    for (Map.Entry<String, Object> prop : field.getObjectProps().entrySet()) {
      copy.addProp(prop.getKey(), prop.getValue());
    }
    return copy;
  }

  private static Schema recordLike(Schema original, List<Schema.Field> fields) {
    Schema schema =
        Schema.createRecord(original.getName(), original.getDoc(), original.getNamespace(), false);
    for (Map.Entry<String, Object> prop : original.getObjectProps().entrySet()) {
      schema.addProp(prop.getKey(), prop.getValue());
    }
    schema.setFields(fields);
    return schema;
  }

  private static Schema requireRecord(Schema schema) {
    Objects.requireNonNull(schema, "schema");
    if (schema.getType() != Schema.Type.RECORD) {
      throw new HudiTableException(
          "Base file schema must be an Avro record, but was " + schema.getType() + ": " + schema);
    }
    return schema;
  }

  private static List<String> names() {
    List<String> names = new ArrayList<>();
    for (MetaFields field : values()) {
      names.add(field.fieldName);
    }
    return names;
  }
}
