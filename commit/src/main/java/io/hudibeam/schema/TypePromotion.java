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
package io.hudibeam.schema;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;

/**
 * The primitive type changes a write may make, in either direction between a table and a write:
 * Avro's schema-resolution promotions, which Hudi 0.15 also allows ({@code
 * AvroSchemaCompatibility}: a reader of {@code long} reads {@code int}, {@code float} reads {@code
 * int} and {@code long}, {@code double} reads {@code int}, {@code long} and {@code float}, {@code
 * string} and {@code bytes} read each other). A value is converted exactly as an Avro reader with
 * the wider schema converts it. Only plain types take part: a logical type (date, timestamps,
 * decimal) must stay as it is.
 */
final class TypePromotion {
  private TypePromotion() {}

  /** Whether values of {@code from} can be written as {@code to} (both non-union schemas). */
  static boolean canPromote(Schema from, Schema to) {
    if (from.getLogicalType() != null || to.getLogicalType() != null) {
      return false;
    }
    switch (from.getType()) {
      case INT:
        return to.getType() == Schema.Type.LONG
            || to.getType() == Schema.Type.FLOAT
            || to.getType() == Schema.Type.DOUBLE;
      case LONG:
        return to.getType() == Schema.Type.FLOAT || to.getType() == Schema.Type.DOUBLE;
      case FLOAT:
        return to.getType() == Schema.Type.DOUBLE;
      case STRING:
        return to.getType() == Schema.Type.BYTES;
      case BYTES:
        return to.getType() == Schema.Type.STRING;
      default:
        return false;
    }
  }

  /** Converts a non-null value of {@code from} to {@code to}; {@link #canPromote} must hold. */
  static Object promote(Object value, Schema.Type from, Schema.Type to) {
    switch (to) {
      case LONG:
        return ((Number) value).longValue();
      case FLOAT:
        return ((Number) value).floatValue();
      case DOUBLE:
        return ((Number) value).doubleValue();
      case BYTES:
        return ByteBuffer.wrap(value.toString().getBytes(StandardCharsets.UTF_8));
      case STRING:
        ByteBuffer bytes = ((ByteBuffer) value).duplicate();
        byte[] copy = new byte[bytes.remaining()];
        bytes.get(copy);
        return new Utf8(copy);
      default:
        throw new IllegalArgumentException("No promotion from " + from + " to " + to);
    }
  }
}
