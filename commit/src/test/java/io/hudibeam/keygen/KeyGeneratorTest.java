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
package io.hudibeam.keygen;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.Assert.assertThrows;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.Test;

/** Exact keys for hand-picked records, and the messages for records that cannot be keyed. */
public class KeyGeneratorTest {
  private static final Schema DATE =
      LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
  private static final Schema DECIMAL =
      LogicalTypes.decimal(6, 2).addToSchema(Schema.create(Schema.Type.BYTES));
  private static final Schema ADDRESS =
      SchemaBuilder.record("address")
          .fields()
          .optionalString("city")
          .requiredInt("zip")
          .endRecord();
  private static final Schema SCHEMA =
      SchemaBuilder.record("row")
          .fields()
          .optionalString("id")
          .optionalString("name")
          .name("day")
          .type(DATE)
          .noDefault()
          .name("amount")
          .type(DECIMAL)
          .noDefault()
          .optionalLong("ts")
          .optionalString("when")
          .optionalBytes("blob")
          .name("address")
          .type()
          .unionOf()
          .nullType()
          .and()
          .type(ADDRESS)
          .endUnion()
          .nullDefault()
          .endRecord();
  private static final Schema TRIP =
      SchemaBuilder.record("trip")
          .fields()
          .requiredString("uuid")
          .requiredLong("ts")
          .requiredString("rider")
          .requiredString("city")
          .endRecord();

  @Test
  public void simpleKeyAndPartitionValueConversions() {
    GenericRecord r = record("2", "Bob");
    assertThat(key(KeyGeneratorConfig.simple("id", "name"), r), equalTo(HoodieKey.of("2", "Bob")));
    assertThat(
        key(KeyGeneratorConfig.simple("id", "day"), r), equalTo(HoodieKey.of("2", "2024-04-01")));
    assertThat(
        key(KeyGeneratorConfig.simple("amount", "address.city"), r),
        equalTo(HoodieKey.of("12.50", "Pune")));
    assertThat(
        key(KeyGeneratorConfig.simple("address.zip", "ts").withHiveStylePartitioning(true), r),
        equalTo(HoodieKey.of("411001", "ts=1711929599999")));
  }

  @Test
  public void complexKeysUsePlaceholdersAndASingleFieldIsThePlainValue() {
    GenericRecord r = record("2", "Bob");
    assertThat(
        key(KeyGeneratorConfig.complex(List.of("id", "name"), List.of("day", "address.city")), r),
        equalTo(HoodieKey.of("id:2,name:Bob", "2024-04-01/Pune")));
    assertThat(
        key(KeyGeneratorConfig.complex(List.of("id"), List.of()), r),
        equalTo(HoodieKey.of("2", "")));
    r.put("name", null);
    r.put("when", "");
    assertThat(
        key(
            KeyGeneratorConfig.complex(List.of("id", "name", "when"), List.of("name"))
                .withHiveStylePartitioning(true),
            r),
        equalTo(
            HoodieKey.of("id:2,name:__null__,when:__empty__", "name=__HIVE_DEFAULT_PARTITION__")));
    r.put("address", null);
    assertThat(
        key(KeyGeneratorConfig.nonPartitioned(List.of("id", "address.city")), r),
        equalTo(HoodieKey.of("id:2,address.city:__null__", "")));
  }

  @Test
  public void partitionValuesAreUrlEncodedOnlyWhenAsked() {
    GenericRecord r = record("k", "a/b:c");
    assertThat(
        "unencoded, '/' would nest folders (PartitionPathSafetyTest)",
        recordError(KeyGeneratorConfig.simple("id", "name"), r),
        startsWith(
            "record key 'k': partition field 'name' value 'a/b:c' gives partition folder 'a/b:c', which is"
                + " not safe: the value holds '/'"));
    assertThat(
        key(KeyGeneratorConfig.simple("id", "name").withUrlEncodePartitionPath(true), r)
            .partitionPath(),
        equalTo("a%2Fb%3Ac"));
    assertThat(
        key(
                KeyGeneratorConfig.simple("id", "name")
                    .withUrlEncodePartitionPath(true)
                    .withHiveStylePartitioning(true),
                r)
            .partitionPath(),
        equalTo("name=a%2Fb%3Ac"));
    assertThat(
        PartitionPathEncoding.escape("100% \"x\"=y?{z}\u00e9"),
        equalTo("100%25 %22x%22%3Dy%3F%7Bz}\u00e9"));
    assertThat(PartitionPathEncoding.unescape("a%2Fb%3Ac%zz%4"), equalTo("a/b:c%zz%4"));
  }

  @Test
  public void tripsRecordKeysAsInTheGoldenComplexKeyTable() {
    GenericRecord trip = new GenericData.Record(TRIP);
    trip.put("uuid", "trip-000000000002");
    trip.put("ts", 1700000000002L);
    trip.put("rider", "rider-2");
    trip.put("city", "chennai");
    KeyGeneratorConfig config =
        KeyGeneratorConfig.complex(List.of("uuid", "rider"), List.of("city"))
            .withHiveStylePartitioning(true);
    assertThat(
        key(config, trip),
        equalTo(HoodieKey.of("uuid:trip-000000000002,rider:rider-2", "city=chennai")));
    assertThat(
        key(KeyGeneratorConfig.simple("uuid", "city"), trip),
        equalTo(HoodieKey.of("trip-000000000002", "chennai")));
  }

  @Test
  public void timestampPartitionPaths() {
    GenericRecord r = record("1", "x");
    KeyGeneratorConfig kolkata =
        KeyGeneratorConfig.timestampBased(
            "id",
            "ts",
            TimestampKeyOptions.numeric(TimestampType.EPOCHMILLISECONDS, "yyyy/MM/dd")
                .withOutputTimeZone(ZoneId.of("Asia/Kolkata")));
    assertThat(key(kolkata, r), equalTo(HoodieKey.of("1", "2024/04/01")));
    KeyGeneratorConfig utc =
        KeyGeneratorConfig.timestampBased(
            "id",
            "ts",
            TimestampKeyOptions.numeric(TimestampType.EPOCHMILLISECONDS, "yyyy/MM/dd")
                .withOutputTimeZone(ZoneId.of("UTC")));
    assertThat(key(utc, r), equalTo(HoodieKey.of("1", "2024/03/31")));
    r.put("ts", null);
    assertThat(
        "null is Hudi's default value 1", key(utc, r), equalTo(HoodieKey.of("1", "1970/01/01")));

    r.put("when", "2024-03-31 20:30:00");
    KeyGeneratorConfig dates =
        KeyGeneratorConfig.timestampBased(
                "id",
                "when",
                TimestampKeyOptions.dateString(List.of("yyyy-MM-dd HH:mm:ss"), "yyyy-MM-dd HH:mm")
                    .withInputTimeZone(ZoneId.of("America/Los_Angeles"))
                    .withOutputTimeZone(ZoneId.of("UTC")))
            .withUrlEncodePartitionPath(true)
            .withHiveStylePartitioning(true);
    assertThat(key(dates, r), equalTo(HoodieKey.of("1", "when=2024-04-01 03%3A30")));
  }

  @Test
  public void nullOrEmptyRecordKeysAreRejectedNamingTheFieldAndRecord() {
    GenericRecord r = record(null, "");
    assertThat(
        recordError(KeyGeneratorConfig.simple("id", "name"), r),
        equalTo("record key field 'id' is null, but a record key must be non-empty; record: " + r));
    assertThat(
        recordError(KeyGeneratorConfig.simple("name", "id"), r),
        equalTo(
            "record key field 'name' is empty, but a record key must be non-empty; record: " + r));
    r.put("address", null);
    assertThat(
        recordError(
            KeyGeneratorConfig.complex(List.of("id", "name", "address.city"), List.of()), r),
        equalTo(
            "record key fields [id, name, address.city] are all null or empty"
                + " (id:__null__,name:__empty__,address.city:__null__), but a record key needs at least one value;"
                + " record: "
                + r));
  }

  @Test
  public void missingFieldsNameTheFieldAndTheFieldsTheRecordHas() {
    GenericRecord r = record("1", "x");
    assertThat(
        recordError(KeyGeneratorConfig.simple("uuid", "name"), r),
        equalTo(
            "record key field 'uuid' is not in the record: the record has fields"
                + " [id, name, day, amount, ts, when, blob, address]; record: "
                + r));
    assertThat(
        recordError(KeyGeneratorConfig.simple("id", "address.town"), r),
        equalTo(
            "partition field 'address.town' is not in the record: 'address' has fields [city, zip]; record: "
                + r));
    assertThat(
        recordError(KeyGeneratorConfig.simple("id", "name.first"), r),
        equalTo("partition field 'name.first': 'name' is a STRING, not a record; record: " + r));
    assertThat(
        recordError(KeyGeneratorConfig.simple("blob", "name"), r),
        equalTo(
            "record key field 'blob' holds a HeapByteBuffer, which has no string form for a key; use a string,"
                + " number, boolean, enum, date or decimal field; record: "
                + r));
  }

  @Test
  public void timestampValuesThatCannotBeReadAreRejected() {
    GenericRecord r = record("1", "x");
    r.put("when", "31/03/2024");
    KeyGeneratorConfig dates =
        KeyGeneratorConfig.timestampBased(
            "id",
            "when",
            TimestampKeyOptions.dateString(List.of("yyyy-MM-dd", "yyyyMMdd"), "yyyy/MM/dd"));
    assertThat(
        recordError(dates, r),
        equalTo(
            "partition field 'when' value '31/03/2024' matches none of hoodie.keygen.timebased.input.dateformat="
                + "[yyyy-MM-dd, yyyyMMdd]; record: "
                + r));
    KeyGeneratorConfig millis =
        KeyGeneratorConfig.timestampBased(
            "id",
            "when",
            TimestampKeyOptions.numeric(TimestampType.EPOCHMILLISECONDS, "yyyy/MM/dd"));
    assertThat(
        recordError(millis, r),
        startsWith(
            "partition field 'when' is the string '31/03/2024', but hoodie.keygen.timebased.timestamp.type="
                + "EPOCHMILLISECONDS expects a number;"));
    KeyGeneratorConfig numberAsDate =
        KeyGeneratorConfig.timestampBased(
            "id", "ts", TimestampKeyOptions.dateString(List.of("yyyy-MM-dd"), "yyyy/MM/dd"));
    assertThat(
        recordError(numberAsDate, r),
        equalTo(
            "partition field 'ts' is the number 1711929599999, but hoodie.keygen.timebased.timestamp.type="
                + "DATE_STRING expects a date string; record: "
                + r));
  }

  @Test
  public void hoodieKeyRejectsAnEmptyRecordKey() {
    assertThat(
        assertThrows(InvalidRecordException.class, () -> HoodieKey.of("", "p")).getMessage(),
        equalTo("record key must be non-empty, but was ''"));
    assertThat(
        HoodieKey.of("k", "p").toString(), equalTo("HoodieKey{recordKey=k, partitionPath=p}"));
  }

  private static HoodieKey key(KeyGeneratorConfig config, GenericRecord record) {
    return KeyGenerator.of(config).keyOf(record);
  }

  private static String recordError(KeyGeneratorConfig config, GenericRecord record) {
    return assertThrows(InvalidRecordException.class, () -> KeyGenerator.of(config).keyOf(record))
        .getMessage();
  }

  private static GenericRecord record(String id, String name) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("id", id);
    r.put("name", name);
    r.put("day", (int) LocalDate.of(2024, 4, 1).toEpochDay());
    r.put(
        "amount",
        new Conversions.DecimalConversion()
            .toBytes(new BigDecimal("12.50"), DECIMAL, DECIMAL.getLogicalType()));
    r.put("ts", 1711929599999L);
    r.put("blob", ByteBuffer.wrap(new byte[] {1, 2}));
    GenericData.Record address = new GenericData.Record(ADDRESS);
    address.put("city", "Pune");
    address.put("zip", 411001);
    r.put("address", address);
    return r;
  }
}
