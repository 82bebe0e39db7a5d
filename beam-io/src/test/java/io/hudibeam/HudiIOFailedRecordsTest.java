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

import static io.hudibeam.HudiIOTesting.committed;
import static io.hudibeam.HudiIOTesting.content;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.schema.HudiAvroSchemas;
import io.hudibeam.transforms.schema.RowToGenericRecord;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Records without a key fail the pipeline (the table keeps its snapshot, the next write rolls the
 * pending instant back) or, with withFailedRecordsOutput(), go to the failed-records output while
 * the others are committed; a write that contradicts the table's record key is refused.
 */
public class HudiIOFailedRecordsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** The trips schema with a nullable record key, so a row can lack its key. */
  private static final Schema SCHEMA = nullableKeySchema();

  private static Schema nullableKeySchema() {
    Schema.Builder b = Schema.builder().addNullableField("uuid", FieldType.STRING);
    TripsRows.SCHEMA.getFields().stream().skip(1).forEach(b::addField);
    return b.build();
  }

  private static Row row(long b, long i) {
    return Row.withSchema(SCHEMA).addValues(TripsRows.row(b, i).getValues()).build();
  }

  private static Row keyless() {
    List<Object> values = new ArrayList<>(TripsRows.row(0, 99).getValues());
    values.set(0, null);
    return Row.withSchema(SCHEMA).addValues(values).build();
  }

  private static HudiIO.Write<Row> trips(String base) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withOperation(WriteOperation.UPSERT);
  }

  /**
   * Passes rows on once the table has a requested instant that is not one of {@code completed}
   * (polling, bounded by a minute; the start writes the heartbeat before the requested file).
   */
  private static final class AfterARequestedInstant extends DoFn<Row, Row> {
    private static final long serialVersionUID = 1L;
    private final String base;
    private final List<String> completed;

    AfterARequestedInstant(String base, List<String> completed) {
      this.base = base;
      this.completed = new ArrayList<>(completed);
    }

    @ProcessElement
    public void process(@Element Row row, OutputReceiver<Row> out) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      while (!requested() && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      out.output(row);
    }

    private boolean requested() {
      java.io.File[] files = new java.io.File(base, ".hoodie").listFiles();
      if (files == null) {
        return false;
      }
      for (java.io.File file : files) {
        String name = file.getName();
        if (name.endsWith(".commit.requested")
            && !completed.contains(name.substring(0, name.indexOf('.')))) {
          return true;
        }
      }
      return false;
    }
  }

  private static List<HoodieInstant> pending(HudiTableReader reader) {
    return reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants();
  }

  @Test
  public void keylessRecordsFailTheWriteOrGoToTheFailedRecordsOutput() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    Pipeline p1 = HudiIOTesting.pipeline(2);
    p1.apply(Create.of(row(0, 0), row(0, 1), row(0, 2), row(0, 3)).withRowSchema(SCHEMA))
        .apply(trips(base));
    p1.run().waitUntilFinish();
    List<String> snapshot = content(reader);
    List<String> instants = reader.completedInstantTimes();
    assertThat(snapshot.size(), is(4));

    // By default the keyless record fails the pipeline, naming the field; nothing is committed.
    // The rows reach the write only once its instant is requested (so its heartbeat is written):
    // key generation does not wait for the start, and releases the heartbeats its writer holds.
    // More worker threads than rows: the rows wait in AfterARequestedInstant, holding their
    // threads, and the start step needs one of its own (with two threads it ran only once the
    // waits had timed out, a minute later).
    Pipeline p2 = HudiIOTesting.pipeline(8);
    p2.apply(Create.of(row(0, 4), keyless(), row(0, 5)).withRowSchema(SCHEMA))
        .apply("After a requested instant", ParDo.of(new AfterARequestedInstant(base, instants)))
        .setRowSchema(SCHEMA)
        .apply(trips(base));
    Pipeline.PipelineExecutionException failure =
        assertThrows(Pipeline.PipelineExecutionException.class, () -> p2.run().waitUntilFinish());
    String message = failure.getCause().getMessage();
    assertThat(
        message,
        containsString(
            "Record cannot be written to "
                + base
                + ": record key field 'uuid' is null, but a record key must be non-empty; record: {\"uuid\": null,"));
    assertThat(message, containsString("; nothing was committed."));
    assertThat(message, containsString("Use withFailedRecordsOutput()"));
    assertThat(content(reader), is(snapshot));
    assertThat(reader.completedInstantTimes(), is(instants));
    // Key generation, failing, deletes the heartbeat its writer holds, so the next write, with the
    // default heartbeat settings, rolls the instant back at once.
    List<HoodieInstant> left = pending(reader);
    assertThat(left.size(), is(1));
    assertThat(
        "the failed write released its heartbeat",
        new java.io.File(base, ".hoodie/.heartbeat/" + left.get(0).getTimestamp()).exists(),
        is(false));

    // With the failed-records output, the keyless record is reported and the others committed;
    // the instant the failed run left pending (if it got that far) is rolled back first.
    org.apache.avro.Schema avro = HudiAvroSchemas.fromBeamSchema(SCHEMA, "trips");
    String keylessJson = RowToGenericRecord.of(SCHEMA, avro).apply(keyless()).toString();
    Pipeline p3 = HudiIOTesting.pipeline(2);
    HudiWriteResult result =
        p3.apply(Create.of(row(0, 4), keyless(), row(0, 5)).withRowSchema(SCHEMA))
            .apply(trips(base).withFailedRecordsOutput());
    PAssert.that(result.getFailedRecords())
        .containsInAnyOrder(
            HudiFailedRecord.of(
                keylessJson,
                "record key field 'uuid' is null, but a record key must be non-empty; record: "
                    + keylessJson));
    PAssert.that(result.getCommittedInstants())
        .satisfies(committed(ExpectedCommit.upsert().inserted(2).files(2)));
    p3.run().waitUntilFinish();
    List<String> expected = new ArrayList<>(snapshot);
    for (long i : new long[] {4, 5}) {
      expected.add(
          TripsData.key(i)
              + "|"
              + TripsData.city(i)
              + "|"
              + TripsData.values(TripsData.record(0, i)));
    }
    expected.sort(null);
    assertThat(content(reader), is(expected));
    assertThat(reader.completedInstantTimes().size(), is(2));
    assertThat(pending(reader), is(List.of()));
    List<HoodieInstant> rollbacks =
        reader.completedInstants().stream()
            .filter(i -> i.getAction().equals(HoodieTimeline.ROLLBACK_ACTION))
            .collect(Collectors.toList());
    assertThat(left.toString(), rollbacks.size(), is(left.isEmpty() ? 0 : 1));

    // A write whose record key contradicts hoodie.properties is refused; the table is unchanged.
    List<String> before = content(reader);
    Pipeline p4 = HudiIOTesting.pipeline(2);
    p4.apply(Create.of(row(1, 0)).withRowSchema(SCHEMA))
        .apply(trips(base).withRecordKeyFields("uuid", "rider"));
    failure =
        assertThrows(Pipeline.PipelineExecutionException.class, () -> p4.run().waitUntilFinish());
    assertThat(
        failure.getCause().getMessage(),
        is(
            "Table at "
                + reader.metaClient().getBasePathV2().toString()
                + " has hoodie.table.recordkey.fields='uuid' but the write requested"
                + " hoodie.table.recordkey.fields='uuid,rider'; write with the table's setting or to another table"));
    assertThat(content(reader), is(before));
  }

  /**
   * A record without an ordering value is refused as Hudi's writers refuse it (issue #32: it was
   * accepted and then lost to every other version of its key): the failed-records output names the
   * record key, the field and the setting; the others are committed and read back by Hudi.
   */
  @Test
  public void aRecordWithoutAnOrderingValueIsAFailedRecord() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    Schema.Builder b = Schema.builder();
    for (Schema.Field f : TripsRows.SCHEMA.getFields()) {
      b.addField(f.getName().equals("ts") ? Schema.Field.nullable("ts", FieldType.INT64) : f);
    }
    Schema nullableTs = b.build();
    List<Row> rows = new ArrayList<>();
    for (long i = 0; i < 4; i++) {
      rows.add(Row.withSchema(nullableTs).addValues(TripsRows.row(0, i).getValues()).build());
    }
    rows.set(2, Row.fromRow(rows.get(2)).withFieldValue("ts", null).build());
    Pipeline p = HudiIOTesting.pipeline(2);
    HudiWriteResult result =
        p.apply(Create.of(rows).withRowSchema(nullableTs))
            .apply(trips(base).withFailedRecordsOutput());
    PAssert.that(result.getFailedRecords())
        .satisfies(
            failed -> {
              List<String> reasons = new ArrayList<>();
              failed.forEach(f -> reasons.add(f.getReason()));
              assertThat(reasons.size(), is(1));
              assertThat(
                  reasons.get(0),
                  containsString(
                      "record key '"
                          + TripsData.key(2)
                          + "': the ordering field 'ts' (hoodie.datasource.write.precombine.field)"
                          + " is null; Hudi's writers refuse a record without an ordering value"));
              return null;
            });
    p.run().waitUntilFinish();
    assertThat(
        HudiTableReader.of(base).snapshotByRecordKey().keySet(),
        is(new java.util.TreeSet<>(List.of(TripsData.key(0), TripsData.key(1), TripsData.key(3)))));
    for (long i : new long[] {0, 1, 3}) {
      assertThat(
          TripsData.values(HudiTableReader.of(base).snapshotByRecordKey().get(TripsData.key(i))),
          is(TripsData.values(TripsData.record(0, i))));
    }
  }
}
