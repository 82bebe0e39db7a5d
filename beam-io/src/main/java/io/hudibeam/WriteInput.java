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

import io.hudibeam.settings.HudiSettings;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.transforms.records.AddOrderingValue;
import io.hudibeam.transforms.schema.AvroInputSchemas;
import io.hudibeam.transforms.schema.HudiAvroSchemas;
import io.hudibeam.transforms.schema.RowToGenericRecord;
import io.hudibeam.write.CompositeOrdering;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptor;

/**
 * The input of a write as Avro records of the table's schema: rows converted ({@code "To Avro
 * records"}), generic records checked for an {@code AvroCoder}, and, with a bad-record handler, the
 * records that cannot be written sent to it ({@code "Check records"}).
 */
final class WriteInput {
  private WriteInput() {}

  /** The records of {@code input} that the write takes. */
  static <T> PCollection<GenericRecord> records(
      HudiIO.Write<T> write, PCollection<T> input, WriteSettings settings) {
    return write.getBadRecordErrorHandler() == null
        ? toGenericRecords(write, input, settings.tableName())
        : checkedRecords(write, input, settings);
  }

  /** The records of the input that can be written; the others go to the bad-record handler. */
  @SuppressWarnings("unchecked")
  private static <T> PCollection<GenericRecord> checkedRecords(
      HudiIO.Write<T> write, PCollection<T> input, WriteSettings settings) {
    ErrorHandler<BadRecord, ?> handler = write.getBadRecordErrorHandler();
    if (write.getFailedRecordsOutput()) {
      throw new IllegalArgumentException(
          "withBadRecordErrorHandler and withFailedRecordsOutput cannot be combined; use one");
    }
    if (handler.isClosed()) {
      throw new IllegalArgumentException(
          "withBadRecordErrorHandler got a handler that is already closed; close it after the"
              + " last transform that uses it");
    }
    RowToGenericRecord convert = null;
    Schema avro;
    if (write.getInputKind() == InputKind.ROWS) {
      PCollection<Row> rows = (PCollection<Row>) input;
      avro = HudiAvroSchemas.fromBeamSchema(rowSchema(rows), settings.tableName());
      convert = RowToGenericRecord.of(rows.getSchema(), avro);
    } else {
      avro =
          ((AvroCoder<GenericRecord>)
                  toGenericRecords(write, input, settings.tableName()).getCoder())
              .getSchema();
    }
    return BadRecordCheck.apply(
        input,
        convert,
        avro,
        SettingsReader.keyGenerator(write.getHoodieProperties()),
        write.getChangeTypes(),
        write.getBasePath(),
        handler);
  }

  @SuppressWarnings("unchecked")
  private static <T> PCollection<GenericRecord> toGenericRecords(
      HudiIO.Write<T> write, PCollection<T> input, String tableName) {
    if (write.getInputKind() == InputKind.ROWS) {
      PCollection<Row> rows = (PCollection<Row>) input;
      Schema avro = HudiAvroSchemas.fromBeamSchema(rowSchema(rows), tableName);
      RowToGenericRecord convert = RowToGenericRecord.of(rows.getSchema(), avro);
      return rows.apply(
              "To Avro records",
              MapElements.into(TypeDescriptor.of(GenericRecord.class)).via(convert))
          .setCoder(AvroCoder.of(avro));
    }
    Coder<T> coder = input.getCoder();
    if (!(coder instanceof AvroCoder)) {
      throw new IllegalArgumentException(
          "HudiIO.writeGenericRecords() needs a PCollection<GenericRecord> with an AvroCoder, but"
              + " its coder is "
              + coder);
    }
    AvroInputSchemas.normalize(((AvroCoder<?>) coder).getSchema(), tableName);
    return (PCollection<GenericRecord>) input;
  }

  /**
   * With several ordering fields ({@link HudiIO.Write#withOrderingFields}), the records with their
   * ordering value ({@code "Ordering value"}); else {@code records}.
   */
  static <T> PCollection<GenericRecord> withOrderingValue(
      HudiIO.Write<T> write, PCollection<GenericRecord> records, WriteSettings settings) {
    if (write.getOrderingFields().isEmpty()) {
      return records;
    }
    if (!CompositeOrdering.FIELD.equals(settings.orderingField())) {
      throw new IllegalArgumentException(
          "withOrderingFields("
              + String.join(", ", write.getOrderingFields())
              + ") orders by the column "
              + CompositeOrdering.FIELD
              + ", but "
              + HudiSettings.ORDERING_FIELD.key()
              + " is "
              + settings.orderingField()
              + "; set one of them");
    }
    try {
      return records.apply(
          "Ordering value", new AddOrderingValue(new CompositeOrdering(write.getOrderingFields())));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("withOrderingFields: " + e.getMessage(), e);
    }
  }

  private static org.apache.beam.sdk.schemas.Schema rowSchema(PCollection<Row> rows) {
    if (!rows.hasSchema()) {
      throw new IllegalArgumentException("HudiIO.write() needs a PCollection<Row> with a schema");
    }
    return rows.getSchema();
  }
}
