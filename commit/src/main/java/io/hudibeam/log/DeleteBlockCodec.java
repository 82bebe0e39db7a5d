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
package io.hudibeam.log;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/**
 * The content of a delete block, version 3 (Hudi's {@code HoodieDeleteBlock.getContentBytes} and
 * {@code deserialize}, Hudi 0.15's HoodieDeleteBlock): int version 3, int length, then the Avro
 * binary encoding (no container) of a {@code HoodieDeleteRecordList}; ordering values are wrapped
 * as Hudi 0.15's {@code HoodieAvroUtils.wrapValueIntoAvro} does. Versions 1 and 2 (Java
 * serialization) are refused.
 */
final class DeleteBlockCodec {
  static final int VERSION = 3;
  static final Schema LIST_SCHEMA = loadSchema();
  private static final Schema RECORD_SCHEMA =
      LIST_SCHEMA.getField("deleteRecordList").schema().getElementType();
  private static final Schema ORDERING_SCHEMA = RECORD_SCHEMA.getField("orderingVal").schema();
  private static final String NAMESPACE = "org.apache.hudi.avro.model.";
  private static final int DECIMAL_SCALE = 15;

  private DeleteBlockCodec() {}

  static byte[] encode(List<DeleteRecord> deletes) {
    List<GenericRecord> entries = new ArrayList<>(deletes.size());
    for (DeleteRecord delete : deletes) {
      GenericRecord entry = new GenericData.Record(RECORD_SCHEMA);
      entry.put(0, delete.recordKey());
      entry.put(1, delete.partitionPath());
      entry.put(2, wrap(delete.orderingValue().orElse(null), delete.recordKey()));
      entries.add(entry);
    }
    GenericRecord list = new GenericData.Record(LIST_SCHEMA);
    list.put(0, entries);
    try {
      ByteArrayOutputStream avro = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(avro, null);
      new GenericDatumWriter<GenericRecord>(LIST_SCHEMA).write(list, encoder);
      encoder.flush();
      ByteArrayOutputStream content = new ByteArrayOutputStream(avro.size() + 8);
      DataOutputStream out = new DataOutputStream(content);
      out.writeInt(VERSION);
      out.writeInt(avro.size());
      avro.writeTo(out);
      out.flush();
      return content.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<DeleteRecord> decode(byte[] content, String where) {
    try {
      DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(content));
      int version = in.readInt();
      if (version != VERSION) {
        throw new LogFormatException(
            "Delete block in "
                + where
                + " has content version "
                + version
                + "; only version 3 (Avro HoodieDeleteRecordList, Hudi 0.11 and later) is read");
      }
      int length = in.readInt();
      if (length < 0 || length > content.length - 8) {
        throw new LogFormatException(
            "Delete block in "
                + where
                + " says its records take "
                + length
                + " bytes, but the content has "
                + (content.length - 8));
      }
      BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(content, 8, length, null);
      GenericRecord list = new GenericDatumReader<GenericRecord>(LIST_SCHEMA).read(null, decoder);
      List<?> entries = (List<?>) list.get(0);
      List<DeleteRecord> deletes = new ArrayList<>(entries.size());
      for (Object o : entries) {
        GenericRecord entry = (GenericRecord) o;
        Object key = entry.get(0);
        Object partition = entry.get(1);
        if (key == null) {
          throw new LogFormatException(
              "Delete block in " + where + " has an entry without a record key");
        }
        deletes.add(
            DeleteRecord.of(
                key.toString(),
                partition == null ? "" : partition.toString(),
                unwrap(entry.get(2))));
      }
      return deletes;
    } catch (IOException | RuntimeException e) {
      if (e instanceof LogFormatException) {
        throw (LogFormatException) e;
      }
      throw new LogFormatException("Cannot decode the delete block in " + where + ": " + e, e);
    }
  }

  private static GenericRecord wrap(Comparable<?> value, String recordKey) {
    if (value == null) {
      return null;
    }
    Object inner;
    String wrapper;
    if (value instanceof LocalDate) {
      wrapper = "DateWrapper";
      inner = (int) ((LocalDate) value).toEpochDay();
    } else if (value instanceof BigDecimal) {
      wrapper = "DecimalWrapper";
      Schema decimal = wrapperSchema(wrapper).getField("value").schema();
      BigDecimal scaled;
      try {
        scaled = ((BigDecimal) value).setScale(DECIMAL_SCALE, RoundingMode.UNNECESSARY);
      } catch (ArithmeticException e) {
        throw new LogFormatException(
            "The decimal ordering value "
                + value
                + " of the delete of record key '"
                + recordKey
                + "' has more than 15 decimal places; Hudi's DecimalWrapper is decimal(30,15)");
      }
      inner =
          new Conversions.DecimalConversion().toBytes(scaled, decimal, decimal.getLogicalType());
    } else if (value instanceof Instant) {
      wrapper = "TimestampMicrosWrapper";
      Instant instant = (Instant) value;
      inner =
          Math.addExact(
              Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000L);
    } else if (value instanceof Boolean) {
      wrapper = "BooleanWrapper";
      inner = value;
    } else if (value instanceof Integer) {
      wrapper = "IntWrapper";
      inner = value;
    } else if (value instanceof Long) {
      wrapper = "LongWrapper";
      inner = value;
    } else if (value instanceof Float) {
      wrapper = "FloatWrapper";
      inner = value;
    } else if (value instanceof Double) {
      wrapper = "DoubleWrapper";
      inner = value;
    } else if (value instanceof ByteBuffer) {
      wrapper = "BytesWrapper";
      inner = value;
    } else if (value instanceof String) {
      wrapper = "StringWrapper";
      inner = value;
    } else {
      throw new LogFormatException("Unsupported ordering value type " + value.getClass().getName());
    }
    GenericRecord record = new GenericData.Record(wrapperSchema(wrapper));
    record.put(0, inner);
    return record;
  }

  private static Comparable<?> unwrap(Object wrapped) {
    if (wrapped == null) {
      return null;
    }
    GenericRecord record = (GenericRecord) wrapped;
    Object value = record.get(0);
    String name = record.getSchema().getName();
    switch (name) {
      case "DateWrapper":
        return LocalDate.ofEpochDay((Integer) value);
      case "DecimalWrapper":
        Schema decimal = record.getSchema().getField("value").schema();
        return new Conversions.DecimalConversion()
            .fromBytes((ByteBuffer) value, decimal, decimal.getLogicalType());
      case "TimestampMicrosWrapper":
        long micros = (Long) value;
        return Instant.ofEpochSecond(
            Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
      default:
        // Boolean, Int, Long, Float, Double, Bytes, String, and TimeMicros (its long, as Hudi 0.15
        // reads it)
        return value instanceof CharSequence ? value.toString() : (Comparable<?>) value;
    }
  }

  private static Schema wrapperSchema(String name) {
    for (Schema branch : ORDERING_SCHEMA.getTypes()) {
      if (branch.getFullName().equals(NAMESPACE + name)) {
        return branch;
      }
    }
    throw new IllegalStateException("HoodieDeleteRecordList.avsc has no " + name);
  }

  private static Schema loadSchema() {
    try (InputStream in =
        DeleteBlockCodec.class.getResourceAsStream("HoodieDeleteRecordList.avsc")) {
      if (in == null) {
        throw new IllegalStateException(
            "io/hudibeam/log/HoodieDeleteRecordList.avsc is missing from the class path");
      }
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
