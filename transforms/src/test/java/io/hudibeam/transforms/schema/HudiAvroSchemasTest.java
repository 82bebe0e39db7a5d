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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.Assert.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.schemas.logicaltypes.Timestamp;
import org.apache.beam.sdk.schemas.logicaltypes.VariableString;
import org.apache.hudi.avro.AvroSchemaUtils;
import org.junit.Test;

public class HudiAvroSchemasTest {

  private static org.apache.beam.sdk.schemas.Schema.Builder beam() {
    return org.apache.beam.sdk.schemas.Schema.builder();
  }

  private static Schema parse(String json) {
    return new Schema.Parser().parse(json);
  }

  private static void assertSchema(Schema actual, String expectedJson) {
    assertThat(actual.toString(true), equalTo(parse(expectedJson).toString(true)));
  }

  @Test
  public void tripsSchemaIsExactlyWhatHudisSparkWriterStoredInTheGoldenCommit() throws IOException {
    org.apache.beam.sdk.schemas.Schema trips =
        beam()
            .addStringField("uuid")
            .addInt64Field("ts")
            .addNullableField("rider", FieldType.STRING)
            .addNullableField("driver", FieldType.STRING)
            .addNullableField("fare", FieldType.DOUBLE)
            .addNullableField("begin_lat", FieldType.DOUBLE)
            .addNullableField("begin_lon", FieldType.DOUBLE)
            .addNullableField("end_lat", FieldType.DOUBLE)
            .addNullableField("end_lon", FieldType.DOUBLE)
            .addNullableField("city", FieldType.STRING)
            .build();
    Schema golden;
    try (InputStream in = getClass().getResourceAsStream("/golden/v6_cow_trips.schema.avsc")) {
      golden = new Schema.Parser().parse(in);
    }

    Schema actual = HudiAvroSchemas.fromBeamSchema(trips, "trips");

    assertThat(actual.toString(), equalTo(golden.toString()));
    assertThat(actual, equalTo(golden));
  }

  @Test
  public void recordNameAndNamespaceMatchHudisQualifiedNameForAnyTableName() {
    org.apache.beam.sdk.schemas.Schema one = beam().addStringField("a").build();
    for (String table : new String[] {"trips", "my-table", "1st table", "db.tbl", "_x9"}) {
      Schema schema = HudiAvroSchemas.fromBeamSchema(one, table);
      assertThat(
          table, schema.getFullName(), equalTo(AvroSchemaUtils.getAvroRecordQualifiedName(table)));
    }
    assertThat(HudiAvroSchemas.recordName("my-table"), equalTo("my__table_record"));
    assertThat(HudiAvroSchemas.recordNamespace("1st"), equalTo("hoodie.__st"));
  }

  @Test
  public void emptyTableNameIsRejected() {
    SchemaMappingException e =
        assertThrows(
            SchemaMappingException.class,
            () -> HudiAvroSchemas.fromBeamSchema(beam().addStringField("a").build(), ""));
    assertThat(e.getMessage(), equalTo("Table name must be non-empty, but was ''"));
  }

  @Test
  public void nestedRowsArraysMapsAndDecimalsAreNamedAsSparksSchemaConverters() {
    org.apache.beam.sdk.schemas.Schema address =
        beam().addStringField("street").addNullableField("zip", FieldType.INT32).build();
    org.apache.beam.sdk.schemas.Schema item =
        beam()
            .addStringField("sku")
            .addLogicalTypeField("price", FixedPrecisionNumeric.of(10, 2))
            .build();
    org.apache.beam.sdk.schemas.Schema orders =
        beam()
            .addStringField("id")
            .addNullableField("amount", FieldType.DECIMAL)
            .addLogicalTypeField("ts", SqlTypes.TIMESTAMP)
            .addNullableField("day", FieldType.logicalType(SqlTypes.DATE))
            .addNullableField("address", FieldType.row(address))
            .addArrayField("items", FieldType.row(item))
            .addMapField("by_sku", FieldType.STRING, FieldType.row(item).withNullable(true))
            .build();

    Schema actual = HudiAvroSchemas.fromBeamSchema(orders, "orders");

    String itemFields =
        "[{\"name\":\"sku\",\"type\":\"string\"},"
            + "{\"name\":\"price\",\"type\":{\"type\":\"fixed\",\"name\":\"fixed\","
            + "\"namespace\":\"hoodie.orders.orders_record.%s.price\",\"size\":5,"
            + "\"logicalType\":\"decimal\",\"precision\":10,\"scale\":2}}]";
    assertSchema(
        actual,
        "{\"type\":\"record\",\"name\":\"orders_record\",\"namespace\":\"hoodie.orders\",\"fields\":["
            + "{\"name\":\"id\",\"type\":\"string\"},"
            + "{\"name\":\"amount\",\"type\":[\"null\",{\"type\":\"fixed\",\"name\":\"fixed\","
            + "\"namespace\":\"hoodie.orders.orders_record.amount\",\"size\":16,"
            + "\"logicalType\":\"decimal\",\"precision\":38,\"scale\":18}],\"default\":null},"
            + "{\"name\":\"ts\",\"type\":{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}},"
            + "{\"name\":\"day\",\"type\":[\"null\",{\"type\":\"int\",\"logicalType\":\"date\"}],"
            + "\"default\":null},"
            + "{\"name\":\"address\",\"type\":[\"null\",{\"type\":\"record\",\"name\":\"address\","
            + "\"namespace\":\"hoodie.orders.orders_record\",\"fields\":["
            + "{\"name\":\"street\",\"type\":\"string\"},"
            + "{\"name\":\"zip\",\"type\":[\"null\",\"int\"],\"default\":null}]}],\"default\":null},"
            + "{\"name\":\"items\",\"type\":{\"type\":\"array\",\"items\":{\"type\":\"record\","
            + "\"name\":\"items\",\"namespace\":\"hoodie.orders.orders_record\",\"fields\":"
            + String.format(itemFields, "items")
            + "}}},{\"name\":\"by_sku\",\"type\":{\"type\":\"map\",\"values\":[\"null\","
            + "{\"type\":\"record\",\"name\":\"by_sku\",\"namespace\":\"hoodie.orders.orders_record\","
            + "\"fields\":"
            + String.format(itemFields, "by_sku")
            + "}]}}]}");
  }

  @Test
  public void everySupportedTypeMapsToItsAvroType() {
    Schema avro = HudiAvroSchemas.fromBeamSchema(AllTypes.SCHEMA, "all");

    List<String> types = new ArrayList<>();
    for (Schema.Field field : avro.getFields()) {
      types.add(field.name() + "=" + field.schema());
    }
    String ns = "hoodie.all.all_record";
    String address =
        "{\"type\":\"record\",\"name\":\"%s\",\"namespace\":\""
            + ns
            + "\",\"fields\":["
            + "{\"name\":\"street\",\"type\":\"string\"},"
            + "{\"name\":\"zip\",\"type\":[\"null\",\"int\"],\"default\":null}]}";
    String item =
        "{\"type\":\"record\",\"name\":\"%1$s\",\"namespace\":\""
            + ns
            + "\",\"fields\":["
            + "{\"name\":\"sku\",\"type\":\"string\"},"
            + "{\"name\":\"price\",\"type\":{\"type\":\"fixed\",\"name\":\"fixed\",\"namespace\":\""
            + ns
            + ".%1$s.price\",\"size\":5,\"logicalType\":\"decimal\",\"precision\":10,\"scale\":2}},"
            + "{\"name\":\"tags\",\"type\":[\"null\",{\"type\":\"array\",\"items\":\"string\"}],"
            + "\"default\":null}]}";
    assertThat(
        types,
        equalTo(
            List.of(
                "id=\"string\"",
                "b=\"int\"",
                "s=\"int\"",
                "i=\"int\"",
                "l=\"long\"",
                "f=\"float\"",
                "d=\"double\"",
                "flag=\"boolean\"",
                "raw=\"bytes\"",
                "amount={\"type\":\"fixed\",\"name\":\"fixed\",\"namespace\":\""
                    + ns
                    + ".amount\",\"size\":16,\"logicalType\":\"decimal\",\"precision\":38,\"scale\":18}",
                "price={\"type\":\"fixed\",\"name\":\"fixed\",\"namespace\":\""
                    + ns
                    + ".price\",\"size\":5,\"logicalType\":\"decimal\",\"precision\":10,\"scale\":2}",
                "joda_ts={\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}",
                "day={\"type\":\"int\",\"logicalType\":\"date\"}",
                "ts={\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}",
                "local_ts={\"type\":\"long\",\"logicalType\":\"local-timestamp-micros\"}",
                "color=\"string\"",
                "note=[\"null\",\"string\"]",
                "opt_amount=[\"null\",{\"type\":\"fixed\",\"name\":\"fixed\",\"namespace\":\""
                    + ns
                    + ".opt_amount\",\"size\":16,\"logicalType\":\"decimal\",\"precision\":38,"
                    + "\"scale\":18}]",
                "opt_ts=[\"null\",{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}]",
                "scores={\"type\":\"array\",\"items\":\"long\"}",
                "maybe_scores={\"type\":\"array\",\"items\":[\"null\",\"long\"]}",
                "names={\"type\":\"array\",\"items\":\"string\"}",
                "attrs={\"type\":\"map\",\"values\":\"string\"}",
                "address=" + String.format(address, "address"),
                "opt_address=[\"null\"," + String.format(address, "opt_address") + "]",
                "items={\"type\":\"array\",\"items\":" + String.format(item, "items") + "}",
                "by_sku={\"type\":\"map\",\"values\":[\"null\","
                    + String.format(item, "by_sku")
                    + "]}")));
    for (Schema.Field field : avro.getFields()) {
      boolean nullable = field.schema().getType() == Schema.Type.UNION;
      assertThat(field.name(), field.hasDefaultValue(), equalTo(nullable));
    }
    // the whole schema is valid Avro: it survives a print/parse round trip unchanged
    assertThat(parse(avro.toString()), equalTo(avro));
  }

  @Test
  public void plainDecimalsTakeTheConfiguredDefaultPrecision() {
    org.apache.beam.sdk.schemas.Schema s = beam().addDecimalField("x").build();

    Schema avro = HudiAvroSchemas.fromBeamSchema(s, "t", DecimalPrecision.of(20, 4));

    assertThat(
        avro.getField("x").schema().toString(),
        equalTo(
            "{\"type\":\"fixed\",\"name\":\"fixed\",\"namespace\":\"hoodie.t.t_record.x\","
                + "\"size\":9,\"logicalType\":\"decimal\",\"precision\":20,\"scale\":4}"));
  }

  @Test
  public void fixedPrecisionNumericWithoutPrecisionKeepsItsScaleWithTheDefaultPrecision() {
    org.apache.beam.sdk.schemas.Schema s =
        beam().addLogicalTypeField("x", FixedPrecisionNumeric.of(3)).build();

    Schema fixed = HudiAvroSchemas.fromBeamSchema(s, "t").getField("x").schema();

    assertThat(fixed.getObjectProp("precision"), equalTo(38));
    assertThat(fixed.getObjectProp("scale"), equalTo(3));
  }

  @Test
  public void fixedSizesAreSparksMinBytesForPrecision() {
    int[] precisions = {1, 2, 3, 4, 5, 9, 10, 18, 19, 28, 29, 38};
    int[] sizes = {1, 1, 2, 2, 3, 4, 5, 8, 9, 12, 13, 16};
    for (int k = 0; k < precisions.length; k++) {
      assertThat(
          "precision " + precisions[k],
          DecimalPrecision.of(precisions[k], 0).fixedSize(),
          equalTo(sizes[k]));
    }
  }

  @Test
  public void invalidDecimalPrecisionsAreRejected() {
    assertThat(
        assertThrows(SchemaMappingException.class, () -> DecimalPrecision.of(0, 0)).getMessage(),
        equalTo("Decimal precision must be between 1 and 38, but was 0"));
    assertThat(
        assertThrows(SchemaMappingException.class, () -> DecimalPrecision.of(39, 0)).getMessage(),
        equalTo("Decimal precision must be between 1 and 38, but was 39"));
    assertThat(
        assertThrows(SchemaMappingException.class, () -> DecimalPrecision.of(10, 11)).getMessage(),
        equalTo("Decimal scale must be between 0 and the precision 10, but was 11"));
    org.apache.beam.sdk.schemas.Schema tooWide =
        beam().addLogicalTypeField("big", FixedPrecisionNumeric.of(50, 2)).build();
    assertThat(
        assertThrows(
                SchemaMappingException.class, () -> HudiAvroSchemas.fromBeamSchema(tooWide, "t"))
            .getMessage(),
        equalTo("Field 'big': Decimal precision must be between 1 and 38, but was 50"));
  }

  @Test
  public void otherTimestampAndStringLogicalTypesMap() {
    org.apache.beam.sdk.schemas.Schema s =
        beam()
            .addLogicalTypeField("millis", Timestamp.MILLIS)
            .addLogicalTypeField("micros", Timestamp.MICROS)
            .addLogicalTypeField("name", VariableString.of(20))
            .build();

    Schema avro = HudiAvroSchemas.fromBeamSchema(s, "t");

    assertThat(
        avro.getField("millis").schema().toString(),
        equalTo("{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}"));
    assertThat(
        avro.getField("micros").schema().toString(),
        equalTo("{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}"));
    assertThat(avro.getField("name").schema().toString(), equalTo("\"string\""));
  }

  @Test
  public void mapsWithNonStringKeysAreRejectedNamingTheField() {
    org.apache.beam.sdk.schemas.Schema inner =
        beam().addMapField("by_id", FieldType.INT64, FieldType.STRING).build();
    org.apache.beam.sdk.schemas.Schema s = beam().addRowField("outer", inner).build();

    SchemaMappingException e =
        assertThrows(SchemaMappingException.class, () -> HudiAvroSchemas.fromBeamSchema(s, "t"));

    assertThat(
        e.getMessage(),
        equalTo(
            "Field 'outer.by_id' is a MAP with INT64 keys; Hudi (Avro) maps need STRING keys."
                + " Convert the keys to strings or use an ARRAY of ROW(key, value)"));
  }

  @Test
  public void unsupportedTypesAreRejectedNamingTheFieldPathAndType() {
    org.apache.beam.sdk.schemas.Schema times =
        beam().addArrayField("times", FieldType.logicalType(SqlTypes.TIME)).build();
    SchemaMappingException e =
        assertThrows(
            SchemaMappingException.class, () -> HudiAvroSchemas.fromBeamSchema(times, "t"));
    assertThat(
        e.getMessage(),
        containsString("Field 'times[]' has Beam type LOGICAL_TYPE<beam:logical_type:time:v1>"));
    assertThat(
        e.getMessage(), containsString("which has no Hudi/Avro mapping. Supported: BOOLEAN"));

    org.apache.beam.sdk.schemas.Schema nanos =
        beam().addLogicalTypeField("t", Timestamp.NANOS).build();
    assertThat(
        assertThrows(SchemaMappingException.class, () -> HudiAvroSchemas.fromBeamSchema(nanos, "t"))
            .getMessage(),
        equalTo(
            "Field 't' is a Timestamp with precision 9 (sub-microsecond); Hudi stores"
                + " timestamp-micros. Use precision <= 6 or SqlTypes.TIMESTAMP"));
  }

  @Test
  public void fieldNamesThatAreNotAvroNamesAreRejected() {
    org.apache.beam.sdk.schemas.Schema s =
        beam().addRowField("a", beam().addStringField("my-field").build()).build();

    SchemaMappingException e =
        assertThrows(SchemaMappingException.class, () -> HudiAvroSchemas.fromBeamSchema(s, "t"));

    assertThat(
        e.getMessage(),
        equalTo(
            "Field 'a.my-field' has a name that is not a valid Avro name; Hudi field names must"
                + " match [A-Za-z_][A-Za-z0-9_]*. Rename the field"));
  }
}
