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

import java.io.Serializable;
import java.util.Objects;

/**
 * Precision and scale of a decimal column, as Hudi (like Spark) stores it: an Avro {@code fixed} of
 * {@link #fixedSize()} bytes with the {@code decimal(precision, scale)} logical type.
 *
 * <p>Beam's plain {@code DECIMAL} type carries no precision, so a mapping needs a default for it;
 * {@link #DEFAULT} is decimal(38, 18), Spark's {@code DecimalType.SYSTEM_DEFAULT}.
 */
public final class DecimalPrecision implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The largest precision Spark (and so Hudi's Spark readers) accept. */
  public static final int MAX_PRECISION = 38;

  /** decimal(38, 18), used for Beam DECIMAL fields that carry no precision. */
  public static final DecimalPrecision DEFAULT = of(38, 18);

  private final int precision;
  private final int scale;

  private DecimalPrecision(int precision, int scale) {
    this.precision = precision;
    this.scale = scale;
  }

  /** Returns decimal(precision, scale); precision must be 1..38 and scale 0..precision. */
  public static DecimalPrecision of(int precision, int scale) {
    if (precision < 1 || precision > MAX_PRECISION) {
      throw new SchemaMappingException(
          "Decimal precision must be between 1 and " + MAX_PRECISION + ", but was " + precision);
    }
    if (scale < 0 || scale > precision) {
      throw new SchemaMappingException(
          "Decimal scale must be between 0 and the precision " + precision + ", but was " + scale);
    }
    return new DecimalPrecision(precision, scale);
  }

  public int precision() {
    return precision;
  }

  public int scale() {
    return scale;
  }

  /**
   * The number of bytes of the Avro fixed that holds this decimal: the smallest n with 2^(8n-1) >=
   * 10^precision, as Spark's {@code Decimal.minBytesForPrecision}.
   */
  public int fixedSize() {
    return minBytesForPrecision(precision);
  }

  static int minBytesForPrecision(int precision) {
    int bytes = 1;
    while (Math.pow(2.0, 8 * bytes - 1) < Math.pow(10.0, precision)) {
      bytes++;
    }
    return bytes;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DecimalPrecision
        && ((DecimalPrecision) o).precision == precision
        && ((DecimalPrecision) o).scale == scale;
  }

  @Override
  public int hashCode() {
    return Objects.hash(precision, scale);
  }

  @Override
  public String toString() {
    return "decimal(" + precision + ", " + scale + ")";
  }
}
