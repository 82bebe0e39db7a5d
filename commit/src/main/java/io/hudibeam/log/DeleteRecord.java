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

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;

/**
 * One entry of a delete block: record key, partition path and the ordering value of the delete
 * (Hudi's {@code DeleteRecord}, Hudi 0.15's HoodieDeleteBlock). Readers compare the ordering value
 * with the stored record's ordering field; {@code null} (none) always deletes.
 *
 * <p>The ordering value is one of the Java types Hudi 0.15's {@code
 * HoodieAvroUtils.wrapValueIntoAvro} accepts: {@link Boolean}, {@link Integer}, {@link Long},
 * {@link Float}, {@link Double}, {@link String}, {@link ByteBuffer}, {@link LocalDate} (date),
 * {@link BigDecimal} (decimal, written with scale 15 as Hudi's DecimalWrapper) or {@link Instant}
 * (timestamp-micros). {@link #orderingValueOf} converts a field value of a GenericRecord the way
 * Hudi's {@code HoodieAvroUtils.getNestedFieldVal} does.
 *
 * <p>Hudi 0.15's own DecimalWrapper class does not load with Avro 1.9 or later (it refers to Avro
 * 1.8's {@code TimeConversions.TimeConversion}), so Hudi 0.15 on a current Avro can neither write
 * nor read a delete block with a decimal ordering value; we write it as its schema says.
 */
public final class DeleteRecord {
  private final String recordKey;
  private final String partitionPath;
  private final Comparable<?> orderingValue;

  private DeleteRecord(String recordKey, String partitionPath, Comparable<?> orderingValue) {
    this.recordKey = recordKey;
    this.partitionPath = partitionPath;
    this.orderingValue = orderingValue;
  }

  /**
   * A delete of {@code recordKey} in {@code partitionPath} ({@code ""} for a non-partitioned
   * table); {@code orderingValue} may be null.
   */
  public static DeleteRecord of(
      String recordKey, String partitionPath, Comparable<?> orderingValue) {
    Objects.requireNonNull(recordKey, "recordKey");
    Objects.requireNonNull(partitionPath, "partitionPath");
    return new DeleteRecord(recordKey, partitionPath, normalize(orderingValue, recordKey));
  }

  public String recordKey() {
    return recordKey;
  }

  /** This delete in a delete block's encoding (for holding it on local disk, not a log file). */
  public byte[] toBytes() {
    return DeleteBlockCodec.encode(java.util.List.of(this));
  }

  /** The delete {@link #toBytes} encoded. */
  public static DeleteRecord fromBytes(byte[] bytes) {
    return DeleteBlockCodec.decode(bytes, "a spilled delete").get(0);
  }

  public String partitionPath() {
    return partitionPath;
  }

  /** The ordering value, empty when the delete carries none. A ByteBuffer is returned read-only. */
  public Optional<Comparable<?>> orderingValue() {
    if (orderingValue instanceof ByteBuffer) {
      return Optional.of(((ByteBuffer) orderingValue).asReadOnlyBuffer());
    }
    return Optional.ofNullable(orderingValue);
  }

  /**
   * The ordering value Hudi derives from a record's field value ({@code getNestedFieldVal} with
   * logical types converted): {@code date} becomes a {@link LocalDate}, {@code decimal} a {@link
   * BigDecimal}, strings a {@link String}; other values (including timestamps, kept as their long)
   * as they are. Unions with null are looked through; a null value gives null.
   */
  public static Comparable<?> orderingValueOf(Schema fieldSchema, Object avroValue) {
    if (avroValue == null) {
      return null;
    }
    Schema schema = nonNull(fieldSchema, avroValue);
    LogicalType logical = schema.getLogicalType();
    if (logical instanceof LogicalTypes.Date && avroValue instanceof Integer) {
      return LocalDate.ofEpochDay((Integer) avroValue);
    }
    if (logical instanceof LogicalTypes.Decimal) {
      Conversions.DecimalConversion decimals = new Conversions.DecimalConversion();
      if (avroValue instanceof ByteBuffer) {
        return decimals.fromBytes(((ByteBuffer) avroValue).duplicate(), schema, logical);
      }
      if (avroValue instanceof GenericFixed) {
        return decimals.fromFixed((GenericFixed) avroValue, schema, logical);
      }
    }
    if (avroValue instanceof CharSequence) {
      return avroValue.toString();
    }
    if (avroValue instanceof Comparable) {
      return (Comparable<?>) avroValue;
    }
    throw new LogFormatException(
        "An ordering value must be a primitive Avro value, but was "
            + avroValue.getClass().getName()
            + " for a field of type "
            + schema);
  }

  private static Schema nonNull(Schema schema, Object value) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    for (Schema branch : schema.getTypes()) {
      if (branch.getType() != Schema.Type.NULL) {
        return branch;
      }
    }
    return schema;
  }

  private static Comparable<?> normalize(Comparable<?> value, String recordKey) {
    if (value == null
        || value instanceof Boolean
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Float
        || value instanceof Double
        || value instanceof String
        || value instanceof LocalDate
        || value instanceof BigDecimal
        || value instanceof Instant) {
      return value;
    }
    if (value instanceof CharSequence) {
      return value.toString();
    }
    if (value instanceof ByteBuffer) {
      ByteBuffer source = ((ByteBuffer) value).duplicate();
      ByteBuffer copy = ByteBuffer.allocate(source.remaining());
      copy.put(source).flip();
      return copy;
    }
    throw new LogFormatException(
        "The ordering value of the delete of record key '"
            + recordKey
            + "' is a "
            + value.getClass().getName()
            + "; a delete block holds Boolean, Integer, Long, Float, Double, String, ByteBuffer,"
            + " LocalDate, BigDecimal or Instant (Hudi's wrapValueIntoAvro)");
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof DeleteRecord)) {
      return false;
    }
    DeleteRecord that = (DeleteRecord) o;
    return recordKey.equals(that.recordKey)
        && partitionPath.equals(that.partitionPath)
        && Objects.equals(orderingValue, that.orderingValue);
  }

  @Override
  public int hashCode() {
    return Objects.hash(recordKey, partitionPath, orderingValue);
  }

  @Override
  public String toString() {
    return "DeleteRecord{recordKey="
        + recordKey
        + ", partitionPath="
        + partitionPath
        + ", orderingValue="
        + orderingValue
        + "}";
  }
}
