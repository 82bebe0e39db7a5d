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

import io.hudibeam.table.HudiTableException;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.dynamic.TableSpecs;
import io.hudibeam.transforms.schema.AvroInputSchemas;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import org.apache.avro.Schema;
import org.apache.beam.sdk.transforms.SerializableFunction;

/**
 * Each table's write of a {@link HudiWriteDynamic}, from the user's function of the destination:
 * read and checked when the table's first records arrive, as {@code HudiIO.write()} checks its
 * settings when the pipeline is built; every refusal names the destination.
 */
final class DynamicTableSpecs implements TableSpecs {
  private static final long serialVersionUID = 1L;
  private final InputKind kind;
  private final SerializableFunction<String, ? extends HudiIO.Write<?>> tables;
  private final boolean streaming;

  DynamicTableSpecs(
      InputKind kind,
      SerializableFunction<String, ? extends HudiIO.Write<?>> tables,
      boolean streaming) {
    this.kind = kind;
    this.tables = tables;
    this.streaming = streaming;
  }

  @Override
  public WriteSpec of(String destination, Schema schema) {
    HudiIO.Write<?> write = tables.apply(destination);
    String expected =
        kind == InputKind.ROWS ? "a HudiIO.write()" : "a HudiIO.writeGenericRecords() write";
    if (write == null) {
      throw refused(destination, "withTables gave null; it must give " + expected);
    }
    if (write.getInputKind() != kind) {
      throw refused(destination, "withTables must give " + expected);
    }
    if (write.getTriggeringFrequency() != null
        || write.getSinkId() != null
        || write.getFailedRecordsOutput()
        || write.getBadRecordErrorHandler() != null) {
      throw refused(
          destination,
          "a table's write takes the table's settings only; withTriggeringFrequency and"
              + " withSinkId are set on writeDynamic(), and withFailedRecordsOutput and"
              + " withBadRecordErrorHandler are not supported by writeDynamic()");
    }
    try {
      WriteSettings settings = WriteSettings.of(write.getBasePath(), write.getHoodieProperties());
      if (settings.operation() != WriteOperation.UPSERT || settings.index() != IndexType.SIMPLE) {
        throw refused(
            destination,
            "writeDynamic() upserts with the SIMPLE index, but the table's write has operation "
                + settings.operation()
                + " and index "
                + settings.index());
      }
      if (streaming) {
        settings.checkStreamable();
      }
      AvroInputSchemas.normalize(schema, settings.tableName());
      settings.checkFieldsExist(schema);
      return settings.toSpec(
          schema, write.getChangeTypes(), write.getHadoopConfiguration(), FailedRecordPolicy.FAIL);
    } catch (HudiTableException | IllegalArgumentException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("writeDynamic table ")) {
        throw e;
      }
      throw refused(destination, e.getMessage());
    }
  }

  private static IllegalArgumentException refused(String destination, String why) {
    return new IllegalArgumentException("writeDynamic table '" + destination + "': " + why);
  }
}
