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
package io.hudibeam.write;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.testing.TripsData;
import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.util.Utf8;
import org.junit.Test;

public class RecordPayloadTest {
  private static final RecordEncoding TRIPS = RecordEncoding.of(TripsData.SCHEMA);

  private static byte[] avroBinary(GenericRecord record) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericRecord>(record.getSchema()).write(record, encoder);
    encoder.flush();
    return out.toByteArray();
  }

  @Test
  public void recordInMemoryEncodesAsAvroBinaryOfTheSchema() throws Exception {
    GenericRecord trip = TripsData.record(0, 7);
    RecordPayload payload = RecordPayload.of(trip);

    assertThat(payload.isDecoded(), is(true));
    assertThat(payload.record(), sameInstance(trip));
    assertThat(TRIPS.encode(payload), is(avroBinary(trip)));
  }

  @Test
  public void recordInMemoryIsEncodedOnceAndItsBytesKept() throws Exception {
    RecordPayload payload = RecordPayload.of(TripsData.record(0, 8));

    byte[] first = TRIPS.encode(payload);
    assertThat(TRIPS.encode(payload), sameInstance(first));
    assertThat(
        RecordEncoding.of(new Schema.Parser().parse(TripsData.SCHEMA.toString())).encode(payload),
        sameInstance(first));
    assertThat(payload.toString(), is(TripsData.record(0, 8).toString()));
  }

  @Test
  public void bytesDecodeOnFirstUseOnlyAndOnce() throws Exception {
    GenericRecord trip = TripsData.record(2, 7);
    RecordPayload payload = TRIPS.payload(avroBinary(trip));

    assertThat(payload.isDecoded(), is(false));
    assertThat(payload.toString(), is("<" + avroBinary(trip).length + " bytes of Avro binary>"));
    GenericRecord decoded = payload.record();
    assertThat(payload.isDecoded(), is(true));
    assertThat(payload.record(), sameInstance(decoded));
    assertThat(decoded, is(trip));
    // As Avro's generic reader gives them, like Beam's AvroCoder: strings as Utf8.
    assertThat(decoded.get("uuid"), is(new Utf8(TripsData.key(7))));
    assertThat(decoded.get("ts"), is(TripsData.ts(2, 7)));
    assertThat(decoded.get("fare"), is(TripsData.fare(2, 7)));
  }

  @Test
  public void bytesAreEncodedAgainAsTheyAreEvenAfterDecoding() throws Exception {
    byte[] bytes = avroBinary(TripsData.record(0, 3));
    RecordPayload payload = TRIPS.payload(bytes);

    assertThat(TRIPS.encode(payload), sameInstance(bytes));
    assertThat(payload.isDecoded(), is(false));
    payload.record();
    assertThat(TRIPS.encode(payload), sameInstance(bytes));
    // Another encoding of the same schema (a coder deserialized elsewhere) takes the bytes too.
    RecordEncoding parsedAgain =
        RecordEncoding.of(new Schema.Parser().parse(TripsData.SCHEMA.toString()));
    assertThat(parsedAgain.encode(payload), sameInstance(bytes));
  }

  @Test
  public void bytesOfAnotherSchemaAreEncodedAfresh() throws Exception {
    Schema renamed =
        SchemaBuilder.record("other").fields().requiredString("id").requiredLong("n").endRecord();
    Schema original =
        SchemaBuilder.record("one").fields().requiredString("id").requiredLong("n").endRecord();
    GenericData.Record one = new GenericData.Record(original);
    one.put("id", "a");
    one.put("n", 5L);
    byte[] bytes = avroBinary(one);
    RecordPayload payload = RecordEncoding.of(original).payload(bytes);

    byte[] encoded = RecordEncoding.of(renamed).encode(payload);

    assertThat(encoded, not(sameInstance(bytes)));
    assertThat(encoded, is(bytes));
    assertThat(payload.isDecoded(), is(true));
  }

  @Test
  public void payloadsAreEqualByTheirRecordsWhetherDecodedOrNot() throws Exception {
    GenericRecord trip = TripsData.record(0, 1);
    RecordPayload inMemory = RecordPayload.of(trip);
    RecordPayload fromBytes = TRIPS.payload(avroBinary(trip));
    RecordPayload sameBytes = TRIPS.payload(avroBinary(trip));
    RecordPayload other = TRIPS.payload(avroBinary(TripsData.record(1, 1)));

    assertThat(fromBytes.equals(sameBytes), is(true));
    assertThat("equal bytes compare without a decode", fromBytes.isDecoded(), is(false));
    assertThat(sameBytes.isDecoded(), is(false));
    assertThat(inMemory.equals(fromBytes), is(true));
    assertThat(fromBytes.equals(inMemory), is(true));
    assertThat(fromBytes.hashCode(), is(inMemory.hashCode()));
    assertThat(fromBytes.equals(other), is(false));
    assertThat(inMemory.equals(other), is(false));
  }

  @Test
  public void differentBytesOfEqualRecordsAreEqual() throws Exception {
    Schema withMap =
        SchemaBuilder.record("m")
            .fields()
            .name("attrs")
            .type()
            .map()
            .values()
            .longType()
            .noDefault()
            .endRecord();
    Map<String, Long> ab = new LinkedHashMap<>();
    ab.put("a", 1L);
    ab.put("b", 2L);
    Map<String, Long> ba = new LinkedHashMap<>();
    ba.put("b", 2L);
    ba.put("a", 1L);
    GenericData.Record first = new GenericData.Record(withMap);
    first.put("attrs", ab);
    GenericData.Record second = new GenericData.Record(withMap);
    second.put("attrs", ba);
    RecordEncoding encoding = RecordEncoding.of(withMap);

    assertThat(avroBinary(first), not(avroBinary(second)));
    assertThat(
        encoding.payload(avroBinary(first)).equals(encoding.payload(avroBinary(second))), is(true));
  }

  @Test
  public void tableRecordDecodesItsDataOnlyWhenAskedAndMovesItUndecoded() throws Exception {
    GenericRecord trip = TripsData.record(0, 4);
    RecordPayload payload = TRIPS.payload(avroBinary(trip));
    TableRecord delete =
        TableRecord.of(TripsData.key(4), TripsData.city(4), RecordOperation.DELETE, payload);

    TableRecord moved = delete.withPartitionPath("elsewhere");

    assertThat(moved.partitionPath(), is("elsewhere"));
    assertThat(moved.recordKey(), is(TripsData.key(4)));
    assertThat(moved.isDelete(), is(true));
    assertThat(moved.payload().orElseThrow(), sameInstance(payload));
    assertThat(payload.isDecoded(), is(false));
    assertThat(delete, is(TableRecord.delete(TripsData.key(4), TripsData.city(4), trip)));
    assertThat(moved.data(), is(Optional.of(trip)));
    assertThat(payload.isDecoded(), is(true));
  }

  @Test
  public void tableRecordWithoutData() {
    TableRecord keyOnly = TableRecord.of("k", "p", RecordOperation.DELETE, null);

    assertThat(keyOnly.payload(), is(Optional.empty()));
    assertThat(keyOnly.data(), is(Optional.empty()));
    assertThat(keyOnly, is(TableRecord.delete("k", "p", null)));
    assertThat(keyOnly.withPartitionPath("q"), is(TableRecord.delete("k", "q", null)));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableRecord.of("k", "p", RecordOperation.UPSERT, null));
    assertThat(e.getMessage(), containsString("'k' needs data"));
  }

  @Test
  public void truncatedBytesFailOnDecodeNamingTheSchema() throws Exception {
    byte[] bytes = avroBinary(TripsData.record(0, 1));
    RecordPayload broken = TRIPS.payload(java.util.Arrays.copyOf(bytes, 10));

    HudiTableException e = assertThrows(HudiTableException.class, broken::record);
    assertThat(
        e.getMessage(),
        containsString(
            "Cannot decode 10 bytes as an Avro record of schema hoodie.trips.trips_record"));
  }
}
