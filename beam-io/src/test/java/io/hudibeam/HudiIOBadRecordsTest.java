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
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.keygen.KeyGeneratorType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.util.CoderUtils;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * withBadRecordErrorHandler: a record without a key, one whose partition value the timestamp-based
 * key generator rejects and one that does not fit the table schema go to the handler, each with its
 * step, reason, exception and the original element; nothing is committed for them and the others
 * are, as Hudi's reader reads them row by row.
 */
public class HudiIOBadRecordsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Schema SCHEMA =
      Schema.builder()
          .addNullableField("id", FieldType.STRING)
          .addNullableField("day", FieldType.STRING)
          .addInt64Field("ts")
          .addDecimalField("amount")
          .build();

  private static Row row(String id, String day, long ts, String amount) {
    return Row.withSchema(SCHEMA).addValues(id, day, ts, new BigDecimal(amount)).build();
  }

  /** The bad records as "id|description|exception class": what the handler's sink sees. */
  private static final class Describe
      extends PTransform<PCollection<BadRecord>, PCollection<String>> {
    @Override
    public PCollection<String> expand(PCollection<BadRecord> bad) {
      RowCoder coder = RowCoder.of(SCHEMA);
      return bad.apply(
          "Describe",
          MapElements.into(TypeDescriptors.strings())
              .via(
                  (BadRecord b) -> {
                    Row original;
                    try {
                      original =
                          CoderUtils.decodeFromByteArray(coder, b.getRecord().getEncodedRecord());
                    } catch (Exception e) {
                      throw new AssertionError("the bad record's element does not decode", e);
                    }
                    String exception = b.getFailure().getException();
                    String stack = b.getFailure().getExceptionStacktrace();
                    String description = b.getFailure().getDescription();
                    int record = description.indexOf("; record: ");
                    return original.getInt64("ts")
                        + "|"
                        + (record < 0 ? description : description.substring(0, record))
                        + "|"
                        + exception.substring(0, exception.indexOf(':'))
                        + "|"
                        + (stack != null && !stack.isEmpty());
                  }));
    }
  }

  private static HudiIO.Write<Row> write(String base) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("payments")
        .withRecordKeyFields("id")
        .withPartitionFields("day")
        .withOrderingField("ts")
        .withKeyGenerator(KeyGeneratorType.TIMESTAMP_BASED)
        .withHoodieProperties(
            Map.of(
                "hoodie.keygen.timebased.timestamp.type", "DATE_STRING",
                "hoodie.keygen.timebased.input.dateformat", "yyyy-MM-dd",
                "hoodie.keygen.timebased.output.dateformat", "yyyy/MM/dd",
                "hoodie.keygen.timebased.timezone", "UTC"))
        .withOperation(WriteOperation.UPSERT);
  }

  @Test
  public void badRecordsGoToTheHandlerWithStepAndReasonAndTheRestCommits() throws Exception {
    String base = tmp.newFolder("payments").getAbsolutePath();
    Pipeline p = HudiIOTesting.pipeline(2);
    BadRecordErrorHandler<PCollection<String>> handler =
        p.registerBadRecordErrorHandler(new Describe());
    HudiWriteResult result =
        p.apply(
                Create.of(
                        row("k1", "2024-01-01", 1, "1.5"),
                        row("k2", "2024-01-02", 2, "2.25"),
                        row("k3", "2024-01-01", 3, "3"),
                        row(null, "2024-01-01", 4, "4"),
                        row("k5", "not-a-date", 5, "5"),
                        row("k6", "2024-01-02", 6, "1.0000000000000000001"))
                    .withRowSchema(SCHEMA))
            .apply(write(base).withBadRecordErrorHandler(handler));
    handler.close();
    PAssert.that(result.getCommittedInstants())
        .satisfies(committed(ExpectedCommit.upsert().inserted(3).files(2)));
    PAssert.that(result.getFailedRecords()).empty();
    String prefix = "HudiIO write to " + base + ", step ";
    PAssert.that(handler.getOutput())
        .containsInAnyOrder(
            "4|"
                + prefix
                + "'Generate keys': record key field 'id' is null, but a record key must be"
                + " non-empty|io.hudibeam.keygen.InvalidRecordException|true",
            "5|"
                + prefix
                + "'Generate keys': partition field 'day' value 'not-a-date' matches none of"
                + " hoodie.keygen.timebased.input.dateformat=[yyyy-MM-dd]|io.hudibeam.keygen.InvalidRecordException|true",
            "6|"
                + prefix
                + "'To Avro records': Field 'amount' has value 1.0000000000000000001 with"
                + " scale 19, which does not fit decimal(38, 18) without rounding; round it to scale 18"
                + " or declare the field with FixedPrecisionNumeric"
                + "|io.hudibeam.transforms.schema.SchemaMappingException|true");
    p.run().waitUntilFinish();

    // Hudi's reader: one commit, the three good records and nothing of the bad ones.
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes().size(), is(1));
    List<String> rows = new ArrayList<>();
    for (GenericRecord r : reader.snapshot()) {
      rows.add(
          HudiTableReader.string(r, "_hoodie_record_key")
              + "|"
              + HudiTableReader.string(r, "_hoodie_partition_path")
              + "|"
              + r.get("day")
              + "|"
              + r.get("ts"));
    }
    rows.sort(null);
    assertThat(
        rows,
        is(
            List.of(
                "k1|2024/01/01|2024-01-01|1",
                "k2|2024/01/02|2024-01-02|2",
                "k3|2024/01/01|2024-01-01|3")));
    assertThat(reader.partitionPaths(), is(List.of("2024/01/01", "2024/01/02")));
  }

  /**
   * GenericRecord input: the bad record carries the Avro record, encoded with the input's
   * AvroCoder.
   */
  @Test
  public void genericRecordsWithoutAKeyGoToTheHandler() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    GenericRecord emptyKey =
        new GenericData.Record((GenericData.Record) TripsData.record(0, 2), true);
    emptyKey.put("uuid", "");
    AvroCoder<GenericRecord> coder = AvroCoder.of(TripsData.SCHEMA);
    Pipeline p = HudiIOTesting.pipeline(2);
    BadRecordErrorHandler<PCollection<String>> handler =
        p.registerBadRecordErrorHandler(
            new PTransform<PCollection<BadRecord>, PCollection<String>>() {
              @Override
              public PCollection<String> expand(PCollection<BadRecord> bad) {
                return bad.apply(
                    MapElements.into(TypeDescriptors.strings())
                        .via(
                            (BadRecord b) -> {
                              try {
                                GenericRecord r =
                                    CoderUtils.decodeFromByteArray(
                                        coder, b.getRecord().getEncodedRecord());
                                String d = b.getFailure().getDescription();
                                return r.get("ts") + "|" + d.substring(0, d.indexOf("; record: "));
                              } catch (Exception e) {
                                throw new AssertionError(e);
                              }
                            }));
              }
            });
    HudiWriteResult result =
        p.apply(
                Create.of(TripsData.record(0, 0), TripsData.record(0, 1), emptyKey)
                    .withCoder(coder))
            .apply(
                HudiIO.writeGenericRecords()
                    .withBasePath(base)
                    .withTableName("trips")
                    .withRecordKeyFields("uuid")
                    .withPartitionFields("city")
                    .withOrderingField("ts")
                    .withBadRecordErrorHandler(handler));
    handler.close();
    PAssert.that(result.getCommittedInstants())
        .satisfies(committed(ExpectedCommit.upsert().inserted(2).files(2)));
    PAssert.that(handler.getOutput())
        .containsInAnyOrder(
            emptyKey.get("ts")
                + "|HudiIO write to "
                + base
                + ", step 'Generate keys': record key"
                + " field 'uuid' is empty, but a record key must be non-empty");
    p.run().waitUntilFinish();
    List<String> expected = new ArrayList<>();
    for (long i : new long[] {0, 1}) {
      expected.add(
          TripsData.key(i)
              + "|"
              + TripsData.city(i)
              + "|"
              + TripsData.values(TripsData.record(0, i)));
    }
    expected.sort(null);
    assertThat(HudiIOTesting.content(HudiTableReader.of(base)), is(expected));
  }

  @Test
  public void theHandlerAndTheFailedRecordsOutputAreNotCombined() throws Exception {
    String base = tmp.newFolder("refused").getAbsolutePath();
    Pipeline p = HudiIOTesting.pipeline(1);
    BadRecordErrorHandler<PCollection<String>> handler =
        p.registerBadRecordErrorHandler(new Describe());
    PCollection<Row> input =
        p.apply(Create.of(row("k1", "2024-01-01", 1, "1")).withRowSchema(SCHEMA));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                input.apply(
                    write(base).withBadRecordErrorHandler(handler).withFailedRecordsOutput()));
    assertThat(
        e.getMessage(),
        is("withBadRecordErrorHandler and withFailedRecordsOutput cannot be combined; use one"));
  }
}
