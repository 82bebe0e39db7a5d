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

import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;

/**
 * A reusable, read-only view of a record with meta fields whose meta values are overlaid on another
 * record, so that writing does not copy or change the caller's record. Only valid until the next
 * {@code carryOver}/{@code fill} call. Used by the base-file writer and the log data-block builder.
 */
public final class MetaFieldsView implements GenericRecord {
  private final Schema schema;

  /** Meta values to return; a null slot is read from the delegate (carried over unchanged). */
  private final Object[] meta = new Object[MetaFields.COUNT];

  private IndexedRecord delegate;
  private int delegateOffset;

  public MetaFieldsView(Schema schemaWithMetaFields) {
    this.schema = schemaWithMetaFields;
  }

  /** The full record as is, except {@code _hoodie_file_name}. */
  public MetaFieldsView carryOver(IndexedRecord recordWithMetaFields, String fileName) {
    this.delegate = recordWithMetaFields;
    this.delegateOffset = 0;
    Arrays.fill(meta, null);
    meta[MetaFields.FILE_NAME.position()] = fileName;
    return this;
  }

  /** All five meta values set; the delegate has either the user schema or the full schema. */
  public MetaFieldsView fill(
      IndexedRecord record,
      boolean recordHasMetaFields,
      String commitTime,
      String sequenceId,
      String recordKey,
      String partitionPath,
      String fileName) {
    this.delegate = record;
    this.delegateOffset = recordHasMetaFields ? 0 : MetaFields.COUNT;
    meta[MetaFields.COMMIT_TIME.position()] = commitTime;
    meta[MetaFields.COMMIT_SEQNO.position()] = sequenceId;
    meta[MetaFields.RECORD_KEY.position()] = recordKey;
    meta[MetaFields.PARTITION_PATH.position()] = partitionPath;
    meta[MetaFields.FILE_NAME.position()] = fileName;
    return this;
  }

  @Override
  public Schema getSchema() {
    return schema;
  }

  @Override
  public Object get(int i) {
    if (i < MetaFields.COUNT) {
      Object value = meta[i];
      if (value != null) {
        return value;
      }
    }
    return delegate.get(i - delegateOffset);
  }

  @Override
  public Object get(String key) {
    Schema.Field field = schema.getField(key);
    return field == null ? null : get(field.pos());
  }

  @Override
  public void put(int i, Object v) {
    throw new UnsupportedOperationException("MetaFieldsView is read-only");
  }

  @Override
  public void put(String key, Object v) {
    throw new UnsupportedOperationException("MetaFieldsView is read-only");
  }
}
