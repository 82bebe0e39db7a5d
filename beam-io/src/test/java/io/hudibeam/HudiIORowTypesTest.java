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

import static io.hudibeam.HudiIOTesting.PARTITION_PATH;
import static io.hudibeam.HudiIOTesting.RECORD_KEY;
import static io.hudibeam.HudiIOTesting.checkMetaFields;
import static io.hudibeam.HudiIOTesting.committed;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.config.TypedProperties;
import org.apache.hudi.common.table.HoodieTableConfig;
import org.apache.hudi.keygen.NonpartitionedAvroKeyGenerator;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A Row schema with every supported Beam type written to a non-partitioned table and read back by
 * Hudi with exact values: timestamps as microseconds, decimals as fixed with their precision and
 * scale, dates as days, nested rows as records, arrays, maps, bytes and nulls.
 */
public class HudiIORowTypesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  static final Schema ADDRESS =
      Schema.builder().addStringField("street").addNullableField("zip", FieldType.INT32).build();

  static final Schema SCHEMA =
      Schema.builder()
          .addStringField("id")
          .addBooleanField("flag")
          .addByteArrayField("raw")
          .addByteField("tiny")
          .addInt16Field("small")
          .addInt32Field("count")
          .addInt64Field("big")
          .addFloatField("ratio")
          .addDoubleField("score")
          .addDecimalField("amount")
          .addLogicalTypeField("price", FixedPrecisionNumeric.of(10, 2))
          .addLogicalTypeField("day", SqlTypes.DATE)
          .addLogicalTypeField("ts", SqlTypes.TIMESTAMP)
          .addDateTimeField("joda_ts")
          .addLogicalTypeField("local_ts", SqlTypes.DATETIME)
          .addRowField("address", ADDRESS)
          .addArrayField("tags", FieldType.STRING)
          .addMapField("attrs", FieldType.STRING, FieldType.INT64)
          .addArrayField("visits", FieldType.row(ADDRESS))
          .addNullableField("note", FieldType.STRING)
          .build();

  private static final Instant TS = Instant.parse("2024-03-01T12:34:56.123456Z");
  private static final LocalDateTime LOCAL_TS = LocalDateTime.parse("2024-03-01T12:34:56.654321");

  private static Row full() {
    Map<String, Long> attrs = new LinkedHashMap<>();
    attrs.put("k1", 1L);
    attrs.put("k2", -2L);
    return Row.withSchema(SCHEMA)
        .withFieldValue("id", "full")
        .withFieldValue("flag", true)
        .withFieldValue("raw", new byte[] {0, 1, (byte) 0xff})
        .withFieldValue("tiny", (byte) -7)
        .withFieldValue("small", (short) 300)
        .withFieldValue("count", 70000)
        .withFieldValue("big", 1L << 40)
        .withFieldValue("ratio", 1.5f)
        .withFieldValue("score", -2.25d)
        .withFieldValue("amount", new BigDecimal("-12345.678"))
        .withFieldValue("price", new BigDecimal("99.99"))
        .withFieldValue("day", LocalDate.parse("2024-03-01"))
        .withFieldValue("ts", TS)
        .withFieldValue("joda_ts", new org.joda.time.Instant(1709296496789L))
        .withFieldValue("local_ts", LOCAL_TS)
        .withFieldValue("address", Row.withSchema(ADDRESS).addValues("Main St", 12345).build())
        .withFieldValue("tags", Arrays.asList("a", "b"))
        .withFieldValue("attrs", attrs)
        .withFieldValue(
            "visits",
            Arrays.asList(
                Row.withSchema(ADDRESS).addValues("One", null).build(),
                Row.withSchema(ADDRESS).addValues("Two", 2).build()))
        .withFieldValue("note", "hello")
        .build();
  }

  private static Row sparse() {
    return Row.withSchema(SCHEMA)
        .withFieldValue("id", "sparse")
        .withFieldValue("flag", false)
        .withFieldValue("raw", new byte[0])
        .withFieldValue("tiny", (byte) 0)
        .withFieldValue("small", (short) -1)
        .withFieldValue("count", 0)
        .withFieldValue("big", Long.MIN_VALUE)
        .withFieldValue("ratio", 0f)
        .withFieldValue("score", Double.MAX_VALUE)
        .withFieldValue("amount", new BigDecimal("0.000000000000000001"))
        .withFieldValue("price", new BigDecimal("-0.01"))
        .withFieldValue("day", LocalDate.ofEpochDay(-1))
        .withFieldValue("ts", Instant.ofEpochSecond(-1, 500_000_000))
        .withFieldValue("joda_ts", new org.joda.time.Instant(0L))
        .withFieldValue("local_ts", LocalDateTime.parse("1969-12-31T23:59:59.999999"))
        .withFieldValue("address", Row.withSchema(ADDRESS).addValues("", null).build())
        .withFieldValue("tags", List.<String>of())
        .withFieldValue("attrs", Map.<String, Long>of())
        .withFieldValue("visits", List.<Row>of())
        .build();
  }

  private static Map<String, Object> address(String street, Integer zip) {
    Map<String, Object> m = new TreeMap<>();
    m.put("street", street);
    m.put("zip", zip);
    return m;
  }

  private static long micros(Instant instant) {
    return instant.getEpochSecond() * 1_000_000L + instant.getNano() / 1_000;
  }

  /** The values Hudi must read for {@link #full()}, in plain Java types. */
  private static Map<String, Object> expectedFull() {
    Map<String, Object> m = new TreeMap<>();
    m.put("id", "full");
    m.put("flag", true);
    m.put("raw", List.of((byte) 0, (byte) 1, (byte) 0xff));
    m.put("tiny", -7);
    m.put("small", 300);
    m.put("count", 70000);
    m.put("big", 1L << 40);
    m.put("ratio", 1.5f);
    m.put("score", -2.25d);
    m.put("amount", new BigDecimal("-12345.678000000000000000"));
    m.put("price", new BigDecimal("99.99"));
    m.put("day", (int) LocalDate.parse("2024-03-01").toEpochDay());
    m.put("ts", 1709296496123456L);
    m.put("joda_ts", 1709296496789000L);
    m.put("local_ts", micros(LOCAL_TS.toInstant(ZoneOffset.UTC)));
    m.put("address", address("Main St", 12345));
    m.put("tags", List.of("a", "b"));
    Map<String, Object> attrs = new TreeMap<>();
    attrs.put("k1", 1L);
    attrs.put("k2", -2L);
    m.put("attrs", attrs);
    m.put("visits", List.of(address("One", null), address("Two", 2)));
    m.put("note", "hello");
    return m;
  }

  private static Map<String, Object> expectedSparse() {
    Map<String, Object> m = new TreeMap<>();
    m.put("id", "sparse");
    m.put("flag", false);
    m.put("raw", List.of());
    m.put("tiny", 0);
    m.put("small", -1);
    m.put("count", 0);
    m.put("big", Long.MIN_VALUE);
    m.put("ratio", 0f);
    m.put("score", Double.MAX_VALUE);
    m.put("amount", new BigDecimal("0.000000000000000001"));
    m.put("price", new BigDecimal("-0.01"));
    m.put("day", -1);
    m.put("ts", -500_000L);
    m.put("joda_ts", 0L);
    m.put("local_ts", -1L);
    m.put("address", address("", null));
    m.put("tags", List.of());
    m.put("attrs", new TreeMap<>());
    m.put("visits", List.of());
    m.put("note", null);
    return m;
  }

  /** A value read by Hudi in plain Java types; decimals decoded with their logical type. */
  private static Object plain(Object value, org.apache.avro.Schema schema) {
    if (value == null) {
      return null;
    }
    if (schema.getType() == org.apache.avro.Schema.Type.UNION) {
      for (org.apache.avro.Schema branch : schema.getTypes()) {
        if (branch.getType() != org.apache.avro.Schema.Type.NULL) {
          return plain(value, branch);
        }
      }
    }
    if (schema.getLogicalType() instanceof LogicalTypes.Decimal) {
      assertThat(schema.toString(), schema.getType(), is(org.apache.avro.Schema.Type.FIXED));
      return new Conversions.DecimalConversion()
          .fromFixed((GenericFixed) value, schema, schema.getLogicalType());
    }
    switch (schema.getType()) {
      case STRING:
        return value.toString();
      case BYTES:
        ByteBuffer buffer = ((ByteBuffer) value).duplicate();
        List<Byte> bytes = new ArrayList<>();
        while (buffer.hasRemaining()) {
          bytes.add(buffer.get());
        }
        return bytes;
      case RECORD:
        GenericRecord record = (GenericRecord) value;
        Map<String, Object> fields = new TreeMap<>();
        for (org.apache.avro.Schema.Field f : schema.getFields()) {
          if (!f.name().startsWith("_hoodie_")) {
            fields.put(f.name(), plain(record.get(f.name()), f.schema()));
          }
        }
        return fields;
      case ARRAY:
        List<Object> items = new ArrayList<>();
        for (Object item : (Iterable<?>) value) {
          items.add(plain(item, schema.getElementType()));
        }
        return items;
      case MAP:
        Map<String, Object> entries = new TreeMap<>();
        ((Map<?, ?>) value)
            .forEach((k, v) -> entries.put(k.toString(), plain(v, schema.getValueType())));
        return entries;
      default:
        return value;
    }
  }

  @Test
  public void everyBeamTypeRoundTripsThroughHudisReader() throws Exception {
    String base = tmp.newFolder("types").getAbsolutePath();
    Pipeline p = HudiIOTesting.pipeline(2);
    PAssert.that(
            p.apply(Create.of(full(), sparse()).withRowSchema(SCHEMA))
                .apply(
                    HudiIO.write()
                        .withBasePath(base)
                        .withTableName("types")
                        .withRecordKeyFields("id")
                        .withOperation(WriteOperation.INSERT))
                .getCommittedInstants())
        .satisfies(committed(ExpectedCommit.insert().inserted(2).files(1)));
    p.run().waitUntilFinish();

    HudiTableReader reader = HudiTableReader.of(base);
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(new TreeMap<>(rows).keySet().toString(), is("[full, sparse]"));
    org.apache.avro.Schema table = reader.tableSchema();
    assertThat(plain(rows.get("full"), table), is(expectedFull()));
    assertThat(plain(rows.get("sparse"), table), is(expectedSparse()));

    // The Avro types Hudi resolves for the table.
    assertThat(logical(table, "ts"), is("timestamp-micros"));
    assertThat(logical(table, "joda_ts"), is("timestamp-micros"));
    assertThat(logical(table, "local_ts"), is("local-timestamp-micros"));
    assertThat(logical(table, "day"), is("date"));
    assertThat(decimal(table, "amount"), is("38,18"));
    assertThat(decimal(table, "price"), is("10,2"));
    assertThat(
        nonNull(table.getField("raw").schema()).getType(), is(org.apache.avro.Schema.Type.BYTES));
    assertThat(
        nonNull(table.getField("address").schema()).getType(),
        is(org.apache.avro.Schema.Type.RECORD));
    assertThat(
        nonNull(table.getField("attrs").schema()).getType(), is(org.apache.avro.Schema.Type.MAP));
    assertThat(table.getField("note").schema().isNullable(), is(true));
    assertThat(table.getField("id").schema().isNullable(), is(false));

    // Non-partitioned: one partition "" at the base path, keys as Hudi's key generator gives them.
    assertThat(reader.partitionPaths(), is(List.of("")));
    assertThat(new File(base, ".hoodie_partition_metadata").isFile(), is(true));
    HoodieTableConfig config = reader.tableConfig();
    assertThat(
        config.getKeyGeneratorClassName(), is("org.apache.hudi.keygen.NonpartitionedKeyGenerator"));
    assertThat(config.getRecordKeyFieldProp(), is("id"));
    TypedProperties props = new TypedProperties();
    props.setProperty("hoodie.datasource.write.recordkey.field", "id");
    NonpartitionedAvroKeyGenerator hudi = new NonpartitionedAvroKeyGenerator(props);
    for (GenericRecord row : rows.values()) {
      assertThat(HudiTableReader.string(row, RECORD_KEY), is(hudi.getKey(row).getRecordKey()));
      assertThat(
          HudiTableReader.string(row, PARTITION_PATH), is(hudi.getKey(row).getPartitionPath()));
      assertThat(HudiTableReader.string(row, PARTITION_PATH), is(""));
    }
    checkMetaFields(reader);
    assertThat(
        new String(
                java.nio.file.Files.readAllBytes(
                    new File(base, ".hoodie/hoodie.properties").toPath()),
                StandardCharsets.UTF_8)
            .contains("hoodie.table.name=types"),
        is(true));
  }

  private static org.apache.avro.Schema nonNull(org.apache.avro.Schema schema) {
    if (schema.getType() == org.apache.avro.Schema.Type.UNION) {
      for (org.apache.avro.Schema branch : schema.getTypes()) {
        if (branch.getType() != org.apache.avro.Schema.Type.NULL) {
          return branch;
        }
      }
    }
    return schema;
  }

  private static String logical(org.apache.avro.Schema table, String field) {
    return nonNull(table.getField(field).schema()).getLogicalType().getName();
  }

  private static String decimal(org.apache.avro.Schema table, String field) {
    org.apache.avro.Schema s = nonNull(table.getField(field).schema());
    LogicalTypes.Decimal d = (LogicalTypes.Decimal) s.getLogicalType();
    assertThat(s.getType(), is(org.apache.avro.Schema.Type.FIXED));
    return d.getPrecision() + "," + d.getScale();
  }
}
