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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.Assert.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.junit.Test;

public class RowToGenericRecordTest {
  private static final RowToGenericRecord ALL = RowToGenericRecord.forTable(AllTypes.SCHEMA, "all");

  private static BigDecimal decimal(Object fixed) {
    Schema schema = ((GenericFixed) fixed).getSchema();
    return new Conversions.DecimalConversion()
        .fromFixed((GenericFixed) fixed, schema, schema.getLogicalType());
  }

  private static byte[] bytes(Object fixed) {
    return ((GenericFixed) fixed).bytes();
  }

  private static GenericRecord avroRoundTrip(GenericRecord record) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericRecord>(record.getSchema()).write(record, encoder);
    encoder.flush();
    return new GenericDatumReader<GenericRecord>(record.getSchema())
        .read(null, DecoderFactory.get().binaryDecoder(out.toByteArray(), null));
  }

  @Test
  public void convertsEveryTypeToAvrosPlainRepresentation() {
    GenericRecord r = ALL.apply(AllTypes.full("r1"));

    assertThat(r.getSchema(), equalTo(HudiAvroSchemas.fromBeamSchema(AllTypes.SCHEMA, "all")));
    assertThat(r.get("id"), equalTo("r1"));
    assertThat(r.get("b"), equalTo(-7));
    assertThat(r.get("s"), equalTo(300));
    assertThat(r.get("i"), equalTo(70000));
    assertThat(r.get("l"), equalTo(1L << 40));
    assertThat(r.get("f"), equalTo(1.5f));
    assertThat(r.get("d"), equalTo(-2.25d));
    assertThat(r.get("flag"), equalTo(true));
    assertThat(r.get("raw"), equalTo(ByteBuffer.wrap("raw".getBytes(StandardCharsets.UTF_8))));
    assertThat(decimal(r.get("amount")), equalTo(new BigDecimal("-12345.678000000000000000")));
    assertThat(bytes(r.get("price")), equalTo(new byte[] {0, 0, 0, 0x27, 0x0F}));
    assertThat(decimal(r.get("price")), equalTo(new BigDecimal("99.99")));
    assertThat(r.get("joda_ts"), equalTo(1709296496789000L));
    assertThat(r.get("day"), equalTo(19783));
    assertThat(r.get("ts"), equalTo(1709296496123456L));
    assertThat(r.get("local_ts"), equalTo(1709296496654321L));
    assertThat(r.get("color"), equalTo("GREEN"));
    assertThat(r.get("note"), equalTo("hello"));
    assertThat(decimal(r.get("opt_amount")), equalTo(new BigDecimal("0.000000000000000001")));
    assertThat(r.get("opt_ts"), equalTo(-500_000L));
    assertThat(r.get("scores"), instanceOf(GenericData.Array.class));
    assertThat(r.get("scores"), equalTo(Arrays.asList(1L, 2L, 3L)));
    assertThat(r.get("maybe_scores"), equalTo(Arrays.asList(4L, null)));
    assertThat(r.get("names"), equalTo(Arrays.asList("ann", "bob")));
    Map<String, String> attrs = new LinkedHashMap<>();
    attrs.put("k1", "v1");
    attrs.put("k2", "v2");
    assertThat(r.get("attrs"), equalTo(attrs));

    GenericRecord address = (GenericRecord) r.get("address");
    assertThat(address.getSchema().getFullName(), equalTo("hoodie.all.all_record.address"));
    assertThat(address.get("street"), equalTo("Main St"));
    assertThat(address.get("zip"), equalTo(12345));
    GenericRecord optAddress = (GenericRecord) r.get("opt_address");
    assertThat(optAddress.get("street"), equalTo("Side St"));
    assertThat(optAddress.get("zip"), nullValue());

    @SuppressWarnings("unchecked")
    List<GenericRecord> items = (List<GenericRecord>) r.get("items");
    assertThat(items.size(), equalTo(2));
    assertThat(items.get(0).get("sku"), equalTo("A"));
    assertThat(decimal(items.get(0).get("price")), equalTo(new BigDecimal("1.50")));
    assertThat(items.get(0).get("tags"), nullValue());
    assertThat(items.get(1).get("sku"), equalTo("C"));
    assertThat(bytes(items.get(1).get("price")), equalTo(new byte[] {-1, -1, -1, -2, (byte) 0xD4}));
    assertThat(items.get(1).get("tags"), equalTo(Arrays.asList("z")));

    @SuppressWarnings("unchecked")
    Map<String, GenericRecord> bySku = (Map<String, GenericRecord>) r.get("by_sku");
    assertThat(bySku.keySet(), equalTo(new java.util.LinkedHashSet<>(Arrays.asList("A", "B"))));
    assertThat(bySku.get("A").getSchema().getFullName(), equalTo("hoodie.all.all_record.by_sku"));
    assertThat(decimal(bySku.get("A").get("price")), equalTo(new BigDecimal("1.50")));
    assertThat(bySku.get("A").get("tags"), equalTo(Arrays.asList("x", "y")));
    assertThat(bySku.get("B"), nullValue());
  }

  @Test
  public void nullableFieldsBecomeNullAndEdgeValuesKeepTheirSign() {
    GenericRecord r = ALL.apply(AllTypes.sparse("r2"));

    for (String field : new String[] {"note", "opt_amount", "opt_ts", "opt_address"}) {
      assertThat(field, r.get(field), nullValue());
    }
    assertThat(r.get("day"), equalTo(-1));
    assertThat(r.get("ts"), equalTo(0L));
    assertThat(r.get("local_ts"), equalTo(-1L));
    assertThat(decimal(r.get("amount")), equalTo(new BigDecimal("0E-18")));
    assertThat(r.get("raw"), equalTo(ByteBuffer.wrap(new byte[0])));
    assertThat(r.get("scores"), equalTo(Arrays.asList()));
    assertThat(r.get("by_sku"), equalTo(new LinkedHashMap<>()));
    assertThat(((GenericRecord) r.get("address")).get("zip"), nullValue());
  }

  @Test
  public void convertedRecordsAreValidAvroAndSurviveAvrosBinaryEncoding() throws IOException {
    for (Row row : Arrays.asList(AllTypes.full("a"), AllTypes.sparse("b"))) {
      GenericRecord record = ALL.apply(row);

      assertThat(GenericData.get().validate(record.getSchema(), record), equalTo(true));
      assertThat(avroRoundTrip(record), equalTo(record));
    }
  }

  @Test
  public void aDeserializedConverterConvertsTheSame() {
    RowToGenericRecord copy = SerializableUtils.clone(ALL);

    assertThat(copy.avroSchema(), equalTo(ALL.avroSchema()));
    assertThat(copy.beamSchema(), equalTo(AllTypes.SCHEMA));
    assertThat(copy.apply(AllTypes.full("x")), equalTo(ALL.apply(AllTypes.full("x"))));
  }

  @Test
  public void logicalTypeValuesHeldInTheirBaseTypeAreConverted() {
    org.apache.beam.sdk.schemas.Schema s =
        org.apache.beam.sdk.schemas.Schema.builder()
            .addLogicalTypeField("day", SqlTypes.DATE)
            .addLogicalTypeField("color", AllTypes.COLOR)
            .build();
    Row baseValues = Row.withSchema(s).attachValues(19783L, 2);

    GenericRecord r = RowToGenericRecord.forTable(s, "t").apply(baseValues);

    assertThat(r.get("day"), equalTo(19783));
    assertThat(r.get("color"), equalTo("BLUE"));
  }

  @Test
  public void decimalsThatNeedRoundingOrMoreDigitsAreRejected() {
    org.apache.beam.sdk.schemas.Schema s =
        org.apache.beam.sdk.schemas.Schema.builder().addDecimalField("amount").build();
    RowToGenericRecord converter = RowToGenericRecord.forTable(s, "t");

    SchemaMappingException rounding =
        assertThrows(
            SchemaMappingException.class,
            () ->
                converter.apply(
                    Row.withSchema(s).addValue(new BigDecimal("1.0000000000000000001")).build()));
    assertThat(
        rounding.getMessage(),
        equalTo(
            "Field 'amount' has value 1.0000000000000000001 with scale 19, which does not fit"
                + " decimal(38, 18) without rounding; round it to scale 18 or declare the field"
                + " with FixedPrecisionNumeric"));

    SchemaMappingException overflow =
        assertThrows(
            SchemaMappingException.class,
            () -> converter.apply(Row.withSchema(s).addValue(new BigDecimal("1E20")).build()));
    assertThat(
        overflow.getMessage(),
        equalTo(
            "Field 'amount' has value 100000000000000000000, which needs 39 digits at scale 18"
                + " but the column is decimal(38, 18)"));
  }

  @Test
  public void convertsToAnotherAvroSchemaMatchingFieldsByName() {
    org.apache.beam.sdk.schemas.Schema s =
        org.apache.beam.sdk.schemas.Schema.builder()
            .addStringField("id")
            .addInt32Field("n")
            .addFloatField("x")
            .addLogicalTypeField("ts", SqlTypes.TIMESTAMP)
            .build();
    Schema table =
        new Schema.Parser()
            .parse(
                "{\"type\":\"record\",\"name\":\"t_record\",\"namespace\":\"hoodie.t\",\"fields\":["
                    + "{\"name\":\"ts\",\"type\":{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}},"
                    + "{\"name\":\"extra\",\"type\":[\"null\",\"string\"],\"default\":null},"
                    + "{\"name\":\"n\",\"type\":\"long\"},"
                    + "{\"name\":\"x\",\"type\":[\"double\",\"null\"]},"
                    + "{\"name\":\"id\",\"type\":\"string\"}]}");
    Row row =
        Row.withSchema(s)
            .addValues("k", 5, 0.5f, java.time.Instant.parse("2024-01-01T00:00:00.123999Z"))
            .build();

    GenericRecord r = RowToGenericRecord.of(s, table).apply(row);

    assertThat(r.get("ts"), equalTo(1704067200123L));
    assertThat(r.get("extra"), nullValue());
    assertThat(r.get("n"), equalTo(5L));
    assertThat(r.get("x"), equalTo(0.5d));
    assertThat(r.get("id"), equalTo("k"));
  }

  @Test
  public void schemaMismatchesAreRejectedAtConstructionNamingTheField() {
    org.apache.beam.sdk.schemas.Schema s =
        org.apache.beam.sdk.schemas.Schema.builder()
            .addStringField("id")
            .addRowField(
                "inner", org.apache.beam.sdk.schemas.Schema.builder().addInt64Field("n").build())
            .build();
    Schema wrongType =
        new Schema.Parser()
            .parse(
                "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"id\",\"type\":\"string\"},"
                    + "{\"name\":\"inner\",\"type\":{\"type\":\"record\",\"name\":\"i\",\"fields\":["
                    + "{\"name\":\"n\",\"type\":\"string\"}]}}]}");
    assertThat(
        assertThrows(SchemaMappingException.class, () -> RowToGenericRecord.of(s, wrongType))
            .getMessage(),
        equalTo(
            "Field 'inner.n' of Beam kind LONG cannot be written as Avro type \"string\";"
                + " expected the type HudiAvroSchemas.fromBeamSchema maps it to"));

    Schema missingBeamField =
        new Schema.Parser()
            .parse(
                "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"id\",\"type\":\"string\"}]}");
    assertThat(
        assertThrows(SchemaMappingException.class, () -> RowToGenericRecord.of(s, missingBeamField))
            .getMessage(),
        equalTo("Field 'inner' of the Beam schema is not in Avro record r (fields [id])"));

    Schema requiredExtra =
        new Schema.Parser()
            .parse(
                "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"id\",\"type\":\"string\"},"
                    + "{\"name\":\"inner\",\"type\":{\"type\":\"record\",\"name\":\"i\",\"fields\":["
                    + "{\"name\":\"n\",\"type\":\"long\"},{\"name\":\"m\",\"type\":\"int\"}]}}]}");
    assertThat(
        assertThrows(SchemaMappingException.class, () -> RowToGenericRecord.of(s, requiredExtra))
            .getMessage(),
        equalTo(
            "Avro field 'inner.m' is required (not a union with null) but the Beam schema has"
                + " no field 'm' (fields [n])"));
  }

  @Test
  public void nullIntoANonNullableAvroFieldFailsNamingTheField() {
    org.apache.beam.sdk.schemas.Schema s =
        org.apache.beam.sdk.schemas.Schema.builder()
            .addNullableField("id", FieldType.STRING)
            .build();
    Schema required =
        new Schema.Parser()
            .parse(
                "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"id\",\"type\":\"string\"}]}");
    RowToGenericRecord converter = RowToGenericRecord.of(s, required);

    assertThat(converter.apply(Row.withSchema(s).addValue("a").build()).get("id"), equalTo("a"));
    SchemaMappingException e =
        assertThrows(
            SchemaMappingException.class,
            () -> converter.apply(Row.withSchema(s).addValue(null).build()));
    assertThat(
        e.getMessage(),
        equalTo(
            "Field 'id' is null, but its Avro type \"string\" is not nullable (not a union with"
                + " null)"));
  }

  @Test
  public void decimalsMayTargetBytesWithTheDecimalLogicalType() {
    org.apache.beam.sdk.schemas.Schema s =
        org.apache.beam.sdk.schemas.Schema.builder().addDecimalField("amount").build();
    Schema bytesDecimal = LogicalTypes.decimal(9, 3).addToSchema(Schema.create(Schema.Type.BYTES));
    Schema table =
        Schema.createRecord(
            "r",
            null,
            null,
            false,
            List.of(new Schema.Field("amount", bytesDecimal, null, (Object) null)));

    GenericRecord r =
        RowToGenericRecord.of(s, table)
            .apply(Row.withSchema(s).addValue(new BigDecimal("-1.5")).build());

    assertThat(r.get("amount"), equalTo(ByteBuffer.wrap(new byte[] {(byte) 0xFA, 0x24})));
  }

  @Test
  public void nullMapKeysAreRejectedNamingTheField() {
    org.apache.beam.sdk.schemas.Schema s =
        org.apache.beam.sdk.schemas.Schema.builder()
            .addMapField("attrs", FieldType.STRING, FieldType.STRING)
            .build();
    Map<String, String> attrs = new java.util.HashMap<>();
    attrs.put(null, "v");
    Row row = Row.withSchema(s).attachValues(attrs);

    SchemaMappingException e =
        assertThrows(
            SchemaMappingException.class, () -> RowToGenericRecord.forTable(s, "t").apply(row));

    assertThat(
        e.getMessage(),
        equalTo("Map field 'attrs' has a null key; Avro map keys must be non-null strings"));
  }
}
