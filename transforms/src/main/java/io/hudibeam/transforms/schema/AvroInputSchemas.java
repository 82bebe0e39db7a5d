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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks an Avro schema given for {@code GenericRecord} input before it becomes a Hudi table's data
 * schema.
 *
 * <p>Decision: the user's schema is kept as is. Its record name, namespace, field order, union
 * order and logical types are the user's; rewriting them would force a record copy per element and
 * could disagree with schemas the user already registered elsewhere. What is rejected is what Hudi
 * itself cannot take: a non-record schema, and top-level fields named like Hudi's meta fields
 * ({@code _hoodie_*}), which the writer prepends itself (Hudi's {@code
 * HoodieAvroUtils.addMetadataFields}). A record name other than Hudi's {@code <table>_record} in
 * {@code hoodie.<table>} is logged, because official writers' schema compatibility check compares
 * record names by default.
 */
public final class AvroInputSchemas {
  private static final Logger LOG = LoggerFactory.getLogger(AvroInputSchemas.class);

  /** Prefix of Hudi's meta fields (_hoodie_commit_time, _hoodie_record_key, ...). */
  public static final String META_FIELD_PREFIX = "_hoodie_";

  /**
   * Hudi's delete marker, a data field despite its prefix (io.hudibeam.write.ChangeTypes reads it).
   */
  static final String IS_DELETED_FIELD = "_hoodie_is_deleted";

  private AvroInputSchemas() {}

  /**
   * Returns {@code userSchema} unchanged after checking it is a record without {@code _hoodie_*}
   * fields other than {@code _hoodie_is_deleted}; throws {@link SchemaMappingException} naming the
   * table and the offending field otherwise.
   */
  public static Schema normalize(Schema userSchema, String tableName) {
    if (userSchema == null) {
      throw new SchemaMappingException(
          "Avro schema for table '" + tableName + "' must not be null");
    }
    if (userSchema.getType() != Schema.Type.RECORD) {
      throw new SchemaMappingException(
          "Avro schema for table '"
              + tableName
              + "' must be a record, but was "
              + userSchema.getType()
              + ": "
              + userSchema);
    }
    for (Schema.Field field : userSchema.getFields()) {
      // _hoodie_is_deleted is a data field by Hudi's convention (a change stream's delete marker,
      // HoodieRecord.HOODIE_IS_DELETED_FIELD), not a meta field.
      if (field.name().startsWith(META_FIELD_PREFIX) && !field.name().equals(IS_DELETED_FIELD)) {
        throw new SchemaMappingException(
            "Avro schema "
                + userSchema.getFullName()
                + " for table '"
                + tableName
                + "' has field '"
                + field.name()
                + "': names starting with '"
                + META_FIELD_PREFIX
                + "' are reserved for the meta fields Hudi adds to every record. Drop the field"
                + " (when re-writing records read from a Hudi table) or rename it");
      }
    }
    String expected =
        HudiAvroSchemas.recordNamespace(tableName) + "." + HudiAvroSchemas.recordName(tableName);
    if (!expected.equals(userSchema.getFullName())) {
      LOG.info(
          "Avro schema for table '{}' is named {}; Hudi's Spark writer names it {}. Official"
              + " writers that later write this table compare record names, so they may need the"
              + " same name",
          tableName,
          userSchema.getFullName(),
          expected);
    }
    return userSchema;
  }
}
