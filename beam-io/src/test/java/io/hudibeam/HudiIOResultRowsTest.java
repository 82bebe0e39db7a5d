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

import static io.hudibeam.HudiIOTesting.content;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.io.TextIO;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.transforms.Select;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The result types are public and schema'd: the committed instants and the failed records are
 * selected with Beam's {@code Select} by their snake_case field names, and the selected values are
 * those of the commit Hudi's reader finds on the timeline.
 */
public class HudiIOResultRowsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Schema SCHEMA = nullableKeySchema();

  private static Schema nullableKeySchema() {
    Schema.Builder b = Schema.builder().addNullableField("uuid", FieldType.STRING);
    TripsRows.SCHEMA.getFields().stream().skip(1).forEach(b::addField);
    return b.build();
  }

  private static Row row(long i) {
    List<Object> values = new ArrayList<>(TripsRows.row(0, i).getValues());
    if (i == 3) {
      values.set(0, null);
    }
    return Row.withSchema(SCHEMA).addValues(values).build();
  }

  @Test
  public void committedInstantsAndFailedRecordsAreSchemaRows() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    Pipeline p = HudiIOTesting.pipeline(2);
    HudiWriteResult result =
        p.apply(Create.of(row(0), row(1), row(2), row(3)).withRowSchema(SCHEMA))
            .apply(
                HudiIO.write()
                    .withBasePath(base)
                    .withTableName("trips")
                    .withRecordKeyFields("uuid")
                    .withPartitionFields("city")
                    .withOrderingField("ts")
                    .withOperation(WriteOperation.INSERT)
                    .withFailedRecordsOutput());

    assertThat(result.getCommittedInstants().hasSchema(), is(true));
    assertThat(
        result.getCommittedInstants().getSchema().getFieldNames(),
        is(
            List.of(
                "instant_time",
                "operation",
                "outcome",
                "records_inserted",
                "records_updated",
                "records_deleted",
                "files_written",
                "bytes_written",
                "log_files_written",
                "log_blocks_written",
                "log_records_written",
                "base_path",
                "table_name")));
    PCollection<Row> counts =
        result
            .getCommittedInstants()
            .apply(
                "Select counts",
                Select.fieldNames("operation", "outcome", "records_inserted", "records_updated"));
    Schema countsSchema = counts.getSchema();
    PAssert.that(counts)
        .containsInAnyOrder(
            Row.withSchema(countsSchema).addValues("INSERT", "COMMITTED", 3L, 0L).build());
    PCollection<Row> instants =
        result.getCommittedInstants().apply("Select instant", Select.fieldNames("instant_time"));
    String instantsFile = tmp.getRoot().toPath().resolve("instants.txt").toString();
    instants
        .apply(
            "Instant text",
            MapElements.into(TypeDescriptors.strings()).via((Row r) -> r.getString("instant_time")))
        .apply("Write instants", TextIO.write().to(instantsFile).withoutSharding());

    PCollection<Row> reasons =
        result.getFailedRecords().apply("Select reason", Select.fieldNames("reason"));
    PAssert.that(reasons)
        .satisfies(
            rows -> {
              List<String> list = new ArrayList<>();
              rows.forEach(r -> list.add(r.getString("reason")));
              assertThat(list.size(), is(1));
              assertThat(
                  list.get(0),
                  org.hamcrest.Matchers.startsWith(
                      "record key field 'uuid' is null, but a record key must be non-empty; record: {\"uuid\": null,"));
              return null;
            });
    p.run().waitUntilFinish();

    HudiTableReader reader = HudiTableReader.of(base);
    // The instant time selected from the result row is the one commit on Hudi's timeline.
    assertThat(Files.readAllLines(Paths.get(instantsFile)), is(reader.completedInstantTimes()));
    List<String> expected = new ArrayList<>();
    for (long i : new long[] {0, 1, 2}) {
      expected.add(
          TripsData.key(i)
              + "|"
              + TripsData.city(i)
              + "|"
              + TripsData.values(TripsData.record(0, i)));
    }
    expected.sort(null);
    assertThat(content(reader), is(expected));
  }
}
