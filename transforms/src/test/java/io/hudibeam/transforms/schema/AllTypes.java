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

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.EnumerationType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.values.Row;

/** A Beam schema with every supported type, and rows of it, shared by the tests. */
final class AllTypes {
  static final EnumerationType COLOR = EnumerationType.create("RED", "GREEN", "BLUE");

  static final Schema ADDRESS =
      Schema.builder().addStringField("street").addNullableField("zip", FieldType.INT32).build();

  static final Schema ITEM =
      Schema.builder()
          .addStringField("sku")
          .addLogicalTypeField("price", FixedPrecisionNumeric.of(10, 2))
          .addNullableField("tags", FieldType.array(FieldType.STRING))
          .build();

  static final Schema SCHEMA =
      Schema.builder()
          .addStringField("id")
          .addByteField("b")
          .addInt16Field("s")
          .addInt32Field("i")
          .addInt64Field("l")
          .addFloatField("f")
          .addDoubleField("d")
          .addBooleanField("flag")
          .addByteArrayField("raw")
          .addDecimalField("amount")
          .addLogicalTypeField("price", FixedPrecisionNumeric.of(10, 2))
          .addDateTimeField("joda_ts")
          .addLogicalTypeField("day", SqlTypes.DATE)
          .addLogicalTypeField("ts", SqlTypes.TIMESTAMP)
          .addLogicalTypeField("local_ts", SqlTypes.DATETIME)
          .addLogicalTypeField("color", COLOR)
          .addNullableField("note", FieldType.STRING)
          .addNullableField("opt_amount", FieldType.DECIMAL)
          .addNullableField("opt_ts", FieldType.logicalType(SqlTypes.TIMESTAMP))
          .addArrayField("scores", FieldType.INT64)
          .addField("maybe_scores", FieldType.array(FieldType.INT64.withNullable(true)))
          .addIterableField("names", FieldType.STRING)
          .addMapField("attrs", FieldType.STRING, FieldType.STRING)
          .addRowField("address", ADDRESS)
          .addNullableField("opt_address", FieldType.row(ADDRESS))
          .addArrayField("items", FieldType.row(ITEM))
          .addMapField("by_sku", FieldType.STRING, FieldType.row(ITEM).withNullable(true))
          .build();

  static final Instant TS = Instant.parse("2024-03-01T12:34:56.123456Z");
  static final LocalDateTime LOCAL_TS = LocalDateTime.parse("2024-03-01T12:34:56.654321");
  static final LocalDate DAY = LocalDate.parse("2024-03-01");
  static final org.joda.time.Instant JODA_TS = new org.joda.time.Instant(1709296496789L);

  private AllTypes() {}

  static Row item(String sku, String price, List<String> tags) {
    return Row.withSchema(ITEM).addValues(sku, new BigDecimal(price), tags).build();
  }

  /** A row with every field set, the nullable ones included. */
  static Row full(String id) {
    Map<String, String> attrs = new LinkedHashMap<>();
    attrs.put("k1", "v1");
    attrs.put("k2", "v2");
    Map<String, Row> bySku = new LinkedHashMap<>();
    bySku.put("A", item("A", "1.50", Arrays.asList("x", "y")));
    bySku.put("B", null);
    return Row.withSchema(SCHEMA)
        .withFieldValue("id", id)
        .withFieldValue("b", (byte) -7)
        .withFieldValue("s", (short) 300)
        .withFieldValue("i", 70000)
        .withFieldValue("l", 1L << 40)
        .withFieldValue("f", 1.5f)
        .withFieldValue("d", -2.25d)
        .withFieldValue("flag", true)
        .withFieldValue("raw", "raw".getBytes(StandardCharsets.UTF_8))
        .withFieldValue("amount", new BigDecimal("-12345.678"))
        .withFieldValue("price", new BigDecimal("99.99"))
        .withFieldValue("joda_ts", JODA_TS)
        .withFieldValue("day", DAY)
        .withFieldValue("ts", TS)
        .withFieldValue("local_ts", LOCAL_TS)
        .withFieldValue("color", COLOR.valueOf("GREEN"))
        .withFieldValue("note", "hello")
        .withFieldValue("opt_amount", new BigDecimal("0.000000000000000001"))
        .withFieldValue("opt_ts", Instant.ofEpochSecond(-1, 500_000_000))
        .withFieldValue("scores", Arrays.asList(1L, 2L, 3L))
        .withFieldValue("maybe_scores", Arrays.asList(4L, null))
        .withFieldValue("names", Arrays.asList("ann", "bob"))
        .withFieldValue("attrs", attrs)
        .withFieldValue("address", Row.withSchema(ADDRESS).addValues("Main St", 12345).build())
        .withFieldValue("opt_address", Row.withSchema(ADDRESS).addValues("Side St", null).build())
        .withFieldValue(
            "items", Arrays.asList(item("A", "1.50", null), item("C", "-3", Arrays.asList("z"))))
        .withFieldValue("by_sku", bySku)
        .build();
  }

  /** A row with every nullable field null and empty collections. */
  static Row sparse(String id) {
    return Row.withSchema(SCHEMA)
        .withFieldValue("id", id)
        .withFieldValue("b", (byte) 0)
        .withFieldValue("s", (short) 0)
        .withFieldValue("i", 0)
        .withFieldValue("l", 0L)
        .withFieldValue("f", 0f)
        .withFieldValue("d", 0d)
        .withFieldValue("flag", false)
        .withFieldValue("raw", new byte[0])
        .withFieldValue("amount", BigDecimal.ZERO)
        .withFieldValue("price", new BigDecimal("0.01"))
        .withFieldValue("joda_ts", new org.joda.time.Instant(0L))
        .withFieldValue("day", LocalDate.ofEpochDay(-1))
        .withFieldValue("ts", Instant.EPOCH)
        .withFieldValue("local_ts", LocalDateTime.parse("1969-12-31T23:59:59.999999"))
        .withFieldValue("color", COLOR.valueOf("RED"))
        .withFieldValue("scores", Arrays.<Long>asList())
        .withFieldValue("maybe_scores", Arrays.<Long>asList())
        .withFieldValue("names", Arrays.<String>asList())
        .withFieldValue("attrs", new LinkedHashMap<String, String>())
        .withFieldValue("address", Row.withSchema(ADDRESS).addValues("", null).build())
        .withFieldValue("items", Arrays.<Row>asList())
        .withFieldValue("by_sku", new LinkedHashMap<String, Row>())
        .build();
  }
}
