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
package io.hudibeam.transforms.coders;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.sameInstance;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.TableId;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.transforms.records.FailedRecord;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.RecordPayload;
import io.hudibeam.write.TableRecord;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.testing.CoderProperties;
import org.apache.beam.sdk.util.CoderUtils;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.util.VarInt;
import org.junit.Test;

/**
 * Round trips of the coders the pipeline stages use, with Beam's {@link CoderProperties}: every
 * value decodes to an equal value, every coder is serializable, and the coders that claim a
 * deterministic encoding (the shuffle keys among them) encode equal values to equal bytes.
 */
public class TransformCodersTest {
  private static final InstantTime INSTANT = InstantTime.parse("20240301123456789");
  private static final FileId FILE_ID =
      FileId.of(UUID.fromString("2f1e6e1c-6d43-4c5e-9a2b-0d7f1c3e5a6b"), 3);
  private static final BaseFile BASE_FILE =
      BaseFile.of(
          "city=new%2Fyork", BaseFileName.of(FILE_ID, WriteToken.of(1, 2, 3), INSTANT), 434_123L);
  private static final BaseFile UNPARTITIONED =
      BaseFile.of("", BaseFileName.of(FILE_ID, WriteToken.of(0, 0, 0), INSTANT), 0L);

  private static boolean claimsDeterminism(Coder<?> coder) {
    try {
      coder.verifyDeterministic();
      return true;
    } catch (Coder.NonDeterministicException e) {
      return false;
    }
  }

  /** Decode(encode(v)) equals v for each value, and equal values encode alike when claimed. */
  @SafeVarargs
  private static <T> void roundTrip(Coder<T> coder, boolean deterministic, T... values)
      throws Exception {
    CoderProperties.coderSerializable(coder);
    assertThat(coder.toString(), claimsDeterminism(coder), is(deterministic));
    for (T value : values) {
      CoderProperties.coderDecodeEncodeEqual(coder, value);
      if (deterministic) {
        CoderProperties.coderDeterministic(coder, value, value);
      }
    }
  }

  private static GenericRecord trip(long b, long i) {
    return TripsData.record(b, i);
  }

  @Test
  public void fileAndKeyCoders() throws Exception {
    roundTrip(BaseFileCoder.of(), true, BASE_FILE, UNPARTITIONED);
    roundTrip(
        BucketCoder.of(),
        true,
        Bucket.existing(BASE_FILE),
        Bucket.existing(UNPARTITIONED),
        Bucket.newFileGroup(
            FileGroupId.of("2023/11/14", FileId.parse("0b6f3c1d-1111-4e2e-8f00-aa55aa55aa55-0"))),
        Bucket.append(
            io.hudibeam.files.FileSlice.of(
                BASE_FILE.fileGroupId(),
                BASE_FILE.name().instantTime(),
                java.util.Optional.of(BASE_FILE),
                java.util.List.of(
                    io.hudibeam.files.LogFileName.of(
                        BASE_FILE.name().fileId(),
                        BASE_FILE.name().instantTime(),
                        1,
                        io.hudibeam.files.WriteToken.of(0, 22, 38))))),
        Bucket.append(
            io.hudibeam.files.FileSlice.of(
                UNPARTITIONED.fileGroupId(), UNPARTITIONED.name().instantTime(),
                java.util.Optional.empty(), java.util.List.of())));
    roundTrip(
        RecordLocationCoder.of(),
        true,
        RecordLocation.of("san_francisco", FILE_ID, INSTANT),
        RecordLocation.of("", FILE_ID, InstantTime.parse("20231114221320000")));
  }

  @Test
  public void writeStatCoder() throws Exception {
    WriteStat created =
        WriteStat.builder()
            .fileId(FILE_ID.value())
            .path("city=new%2Fyork/" + BASE_FILE.name().value())
            .prevCommit(WriteStat.NULL_COMMIT)
            .numWrites(10)
            .numInserts(10)
            .totalWriteBytes(434_123L)
            .fileSizeInBytes(434_123L)
            .partitionPath("city=new%2Fyork")
            .runtimeStats(new WriteStat.RuntimeStats(0, 0, 12))
            .build();
    WriteStat merged =
        created.toBuilder()
            .prevCommit("20231114221320000")
            .numWrites(9)
            .numInserts(1)
            .numUpdateWrites(3)
            .numDeletes(2)
            .runtimeStats(new WriteStat.RuntimeStats(0, 7, 0))
            .build();
    roundTrip(WriteStatCoder.of(), true, created, merged);
  }

  @Test
  public void recordCoders() throws Exception {
    TableRecordCoder records = TableRecordCoder.of(TripsData.SCHEMA);
    TableRecord upsert = TableRecord.upsert(TripsData.key(1), TripsData.city(1), trip(0, 1));
    TableRecord fullDelete = TableRecord.delete(TripsData.key(2), TripsData.city(2), trip(3, 2));
    TableRecord keyDelete = TableRecord.delete(TripsData.key(3), TripsData.city(3), null);
    roundTrip(records, true, upsert, fullDelete, keyDelete);

    roundTrip(
        TaggedRecord.TaggedRecordCoder.of(TripsData.SCHEMA),
        false,
        TaggedRecord.of(upsert, Optional.empty()),
        TaggedRecord.of(
            fullDelete, Optional.of(RecordLocation.of(TripsData.city(2), FILE_ID, INSTANT))),
        TaggedRecord.of(
            keyDelete, Optional.of(RecordLocation.of(TripsData.city(3), FILE_ID, INSTANT))));

    // A map field makes Avro's binary encoding order-dependent: the coder says so.
    Schema withMap =
        SchemaBuilder.record("m")
            .fields()
            .requiredString("id")
            .name("attrs")
            .type()
            .map()
            .values()
            .longType()
            .noDefault()
            .endRecord();
    GenericData.Record mapped = new GenericData.Record(withMap);
    mapped.put("id", "a");
    mapped.put("attrs", Map.of("k", 1L));
    roundTrip(TableRecordCoder.of(withMap), false, TableRecord.upsert("a", "", mapped));
  }

  @Test
  public void decodedRecordsKeepTheirBytesUntilTheirDataIsRead() throws Exception {
    TableRecordCoder coder = TableRecordCoder.of(TripsData.SCHEMA);
    TableRecord upsert = TableRecord.upsert(TripsData.key(5), TripsData.city(5), trip(1, 5));
    byte[] encoded = CoderUtils.encodeToByteArray(coder, upsert);

    TableRecord decoded = CoderUtils.decodeFromByteArray(coder, encoded);
    RecordPayload payload = decoded.payload().orElseThrow();
    assertThat(payload.isDecoded(), is(false));
    assertThat("moved on undecoded", CoderUtils.encodeToByteArray(coder, decoded), is(encoded));
    assertThat(payload.isDecoded(), is(false));
    TaggedRecord.TaggedRecordCoder tagged = TaggedRecord.TaggedRecordCoder.of(TripsData.SCHEMA);
    TaggedRecord taggedCopy =
        CoderUtils.clone(
            tagged,
            TaggedRecord.of(
                decoded, Optional.of(RecordLocation.of(TripsData.city(5), FILE_ID, INSTANT))));
    assertThat(taggedCopy.record().payload().orElseThrow().isDecoded(), is(false));

    assertThat(decoded, is(upsert));
    assertThat(upsert, is(decoded));
    assertThat(decoded.data().orElseThrow(), is(trip(1, 5)));
    assertThat(payload.isDecoded(), is(true));
    assertThat(
        "decoded but untouched: the same bytes",
        CoderUtils.encodeToByteArray(coder, decoded),
        is(encoded));
    assertThat(taggedCopy.record(), is(upsert));

    // A coder deserialized elsewhere (a Flink task) passes the bytes on as they are.
    TableRecordCoder copy = SerializableUtils.clone(coder);
    assertThat(copy, is(coder));
    assertThat(copy.hashCode(), is(coder.hashCode()));
    assertThat(
        CoderUtils.encodeToByteArray(copy, CoderUtils.decodeFromByteArray(coder, encoded)),
        is(encoded));

    TableRecord moved = decoded.withPartitionPath("elsewhere");
    assertThat(moved.payload().orElseThrow(), sameInstance(payload));
    assertThat(
        CoderUtils.clone(coder, moved),
        is(TableRecord.upsert(TripsData.key(5), "elsewhere", trip(1, 5))));
    assertThat(moved, not(upsert));
  }

  @Test
  public void keyOnlyDeleteHasNoData() throws Exception {
    TableRecordCoder coder = TableRecordCoder.of(TripsData.SCHEMA);
    TableRecord keyOnly = TableRecord.delete(TripsData.key(3), TripsData.city(3), null);
    byte[] encoded = CoderUtils.encodeToByteArray(coder, keyOnly);

    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    StringUtf8Coder.of().encode(TripsData.key(3), expected);
    StringUtf8Coder.of().encode(TripsData.city(3), expected);
    expected.write(1); // DELETE
    expected.write(0); // no data
    assertThat(encoded, is(expected.toByteArray()));
    TableRecord decoded = CoderUtils.decodeFromByteArray(coder, encoded);
    assertThat(decoded.payload(), is(Optional.empty()));
    assertThat(decoded.isDelete(), is(true));
    assertThat(decoded, is(keyOnly));
  }

  /** An Avro schema with every type a table column can have, logical types among them. */
  private static Schema allTypes() {
    Schema address =
        SchemaBuilder.record("address")
            .fields()
            .requiredString("street")
            .optionalInt("zip")
            .endRecord();
    Schema decimal =
        LogicalTypes.decimal(12, 3).addToSchema(Schema.createFixed("price", null, "t", 6));
    Schema date = LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
    Schema micros = LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
    return SchemaBuilder.record("all_types")
        .namespace("t")
        .fields()
        .requiredBoolean("flag")
        .requiredInt("i")
        .requiredLong("l")
        .requiredFloat("f")
        .requiredDouble("d")
        .requiredBytes("raw")
        .requiredString("s")
        .optionalString("note")
        .name("price")
        .type(decimal)
        .noDefault()
        .name("day")
        .type(date)
        .noDefault()
        .name("at")
        .type(micros)
        .noDefault()
        .name("color")
        .type()
        .enumeration("color")
        .symbols("RED", "GREEN")
        .noDefault()
        .name("tags")
        .type()
        .array()
        .items()
        .stringType()
        .noDefault()
        .name("address")
        .type(address)
        .noDefault()
        .name("visits")
        .type()
        .array()
        .items(address)
        .noDefault()
        .endRecord();
  }

  private static GenericRecord allTypesRecord(Schema schema) {
    Schema address = schema.getField("address").schema();
    GenericData.Record home = new GenericData.Record(address);
    home.put("street", "Main St");
    home.put("zip", 12345);
    GenericData.Record away = new GenericData.Record(address);
    away.put("street", "caf\u00e9 \u65e5\u672c");
    away.put("zip", null);
    GenericData.Record r = new GenericData.Record(schema);
    r.put("flag", true);
    r.put("i", -7);
    r.put("l", Long.MIN_VALUE);
    r.put("f", 1.5f);
    r.put("d", -0.25d);
    r.put("raw", ByteBuffer.wrap(new byte[] {0, 1, (byte) 0xff}));
    r.put("s", "");
    r.put("note", null);
    r.put(
        "price",
        new GenericData.Fixed(
            schema.getField("price").schema(), new byte[] {0, 0, 0, 1, (byte) 0xe2, 0x40}));
    r.put("day", 19_700);
    r.put("at", 1_700_000_000_123_456L);
    r.put("color", new GenericData.EnumSymbol(schema.getField("color").schema(), "GREEN"));
    r.put("tags", List.of("a", "b"));
    r.put("address", home);
    r.put("visits", List.of(home, away));
    return r;
  }

  /**
   * Every type decodes as it did with Beam's AvroCoder (same values, same Java classes), and the
   * data's bytes are AvroCoder's bytes with a length in front.
   */
  @Test
  public void dataOfEveryTypeDecodesAsAvroCoderDecodesIt() throws Exception {
    Schema schema = allTypes();
    GenericRecord record = allTypesRecord(schema);
    AvroCoder<GenericRecord> avro = AvroCoder.of(schema);
    TableRecordCoder coder = TableRecordCoder.of(schema);
    roundTrip(coder, true, TableRecord.upsert("k", "p", record));

    byte[] encoded = CoderUtils.encodeToByteArray(coder, TableRecord.upsert("k", "p", record));
    byte[] avroBytes = CoderUtils.encodeToByteArray(avro, record);
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    data.write(1);
    VarInt.encode(avroBytes.length, data);
    data.write(avroBytes);
    byte[] tail = Arrays.copyOfRange(encoded, encoded.length - data.size(), encoded.length);
    assertThat(tail, is(data.toByteArray()));

    GenericRecord viaAvroCoder = CoderUtils.decodeFromByteArray(avro, avroBytes);
    GenericRecord viaPayload = CoderUtils.decodeFromByteArray(coder, encoded).data().orElseThrow();
    assertThat(viaPayload, is(record));
    assertThat(viaPayload, is(viaAvroCoder));
    for (Schema.Field field : schema.getFields()) {
      Object expected = viaAvroCoder.get(field.pos());
      Object actual = viaPayload.get(field.pos());
      assertThat(
          field.name(),
          actual == null ? null : actual.getClass(),
          is(expected == null ? null : expected.getClass()));
      assertThat(field.name(), String.valueOf(actual), is(String.valueOf(expected)));
    }
  }

  @Test
  public void outputCoders() throws Exception {
    roundTrip(
        FailedRecord.FailedRecordCoder.of(),
        true,
        FailedRecord.of(
            "{\"uuid\": null}",
            "record key field 'uuid' is null, but a record key must be non-empty"),
        FailedRecord.of("", ""));
    roundTrip(
        CommittedInstant.CommittedInstantCoder.of(),
        true,
        CommittedInstant.builder()
            .table(new TableId("/tables/trips"))
            .tableName("trips")
            .instantTime(INSTANT.value())
            .operation("UPSERT")
            .outcome(CommitOutcome.COMMITTED)
            .recordsInserted(1)
            .recordsUpdated(4)
            .recordsDeleted(0)
            .filesWritten(5)
            .bytesWritten(2_170_000L)
            .logFilesWritten(3)
            .logBlocksWritten(4)
            .logRecordsWritten(7)
            .timelineTimezone(TimelineTimezone.UTC)
            .build(),
        CommittedInstant.builder()
            .table(new TableId("s3a://bucket/tables/t\u00e4"))
            .tableName("t\u00e4")
            .instantTime("20240301123456790")
            .operation("DELETE")
            .outcome(CommitOutcome.values()[CommitOutcome.values().length - 1])
            .recordsDeleted(Long.MAX_VALUE)
            .build());
    assertThat(List.of(CommitOutcome.values()).contains(CommitOutcome.COMMITTED), is(true));
  }
}
