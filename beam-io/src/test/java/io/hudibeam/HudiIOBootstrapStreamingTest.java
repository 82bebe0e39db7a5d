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

import static io.hudibeam.HudiIOBootstrapTest.TABLE_SCHEMA;
import static io.hudibeam.HudiIOBootstrapTest.ride;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.testing.TestStream;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.config.HoodieConfig;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.io.storage.HoodieFileReader;
import org.apache.hudi.io.storage.HoodieFileReaderFactory;
import org.apache.hudi.io.storage.HoodieIOFactory;
import org.joda.time.Duration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO's streaming sink ({@code withTriggeringFrequency}, a TestStream of two commit intervals)
 * on a table {@code HudiIO.bootstrap()} bootstrapped METADATA_ONLY (table version 6,
 * copy-on-write): updates of skeleton rows in two partitions, a new key, and a delete of a skeleton
 * row ({@code _hoodie_is_deleted}), each interval one completed instant. Hudi 0.15's file-system
 * view and bootstrap file reader read every row exact as of each interval's instant; the source
 * files are unchanged.
 */
public class HudiIOBootstrapStreamingTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String METADATA_BOOTSTRAP_INSTANT = "00000000000001";

  /** The rides rows with Hudi's delete marker (a new optional column of the table). */
  private static final Schema STREAM_SCHEMA = withIsDeleted(TABLE_SCHEMA);

  private static Schema withIsDeleted(Schema schema) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : schema.getFields()) {
      fields.add(new Schema.Field(f, f.schema()));
    }
    fields.add(
        new Schema.Field(
            "_hoodie_is_deleted",
            Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.BOOLEAN)),
            "Hudi's delete marker",
            JsonProperties.NULL_VALUE));
    return Schema.createRecord(schema.getName(), null, schema.getNamespace(), false, fields);
  }

  private static GenericRecord event(GenericRecord row, boolean delete) {
    GenericData.Record r = new GenericData.Record(STREAM_SCHEMA);
    for (Schema.Field f : TABLE_SCHEMA.getFields()) {
      r.put(f.name(), row.get(f.name()));
    }
    r.put("_hoodie_is_deleted", delete ? Boolean.TRUE : null);
    return r;
  }

  /** As {@link StreamingTesting#stream}, of Avro records. */
  private static TestStream<GenericRecord> stream(List<List<GenericRecord>> intervals) {
    TestStream.Builder<GenericRecord> events =
        TestStream.create(AvroCoder.of(GenericRecord.class, STREAM_SCHEMA))
            .advanceWatermarkTo(StreamingTesting.intervalStart(0));
    for (int k = 0; k < intervals.size(); k++) {
      List<TimestampedValue<GenericRecord>> rows = new ArrayList<>();
      for (int n = 0; n < intervals.get(k).size(); n++) {
        rows.add(
            TimestampedValue.of(
                intervals.get(k).get(n),
                StreamingTesting.intervalStart(k).plus(Duration.millis(n))));
      }
      events =
          events
              .addElements(
                  rows.get(0), rows.subList(1, rows.size()).toArray(new TimestampedValue[0]))
              .advanceWatermarkTo(StreamingTesting.intervalStart(k + 1))
              .advanceProcessingTime(Duration.standardSeconds(1));
    }
    return events.advanceWatermarkToInfinity();
  }

  @Test
  public void streamingUpsertsAndDeletesOnAMetadataOnlyTable() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    // 3 partitions x 2 files x 4 rows: chennai key-000..007, nyc key-008..015, sf key-016..023
    // (part-0 holds the first 4 of each partition, part-1 the next 4).
    Map<String, GenericRecord> expected = HudiIOBootstrapTest.writeSource(source, true, 2);
    Map<String, byte[]> sourceBytes = HudiIOBootstrapUpsertTest.contents(source);
    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));

    // Interval 0: updates of skeleton rows in chennai (part-0) and nyc (part-1), a new key in nyc.
    List<GenericRecord> first =
        List.of(
            ride(TABLE_SCHEMA, "key-001", "chennai", 101.0, 5000L),
            ride(TABLE_SCHEMA, "key-013", "nyc", 113.0, 5000L),
            ride(TABLE_SCHEMA, "key-900", "nyc", 900.0, 5000L));
    // Interval 1: a delete of a skeleton row (sf part-0), an update of a skeleton row (chennai
    // part-1) and a second update of key-001 (its file group merged by interval 0).
    GenericRecord deleted = ride(TABLE_SCHEMA, "key-017", "sf", 0.0, 6000L);
    List<GenericRecord> second =
        List.of(
            ride(TABLE_SCHEMA, "key-005", "chennai", 105.0, 6000L),
            ride(TABLE_SCHEMA, "key-001", "chennai", 201.0, 6000L));
    List<GenericRecord> firstEvents = new ArrayList<>();
    first.forEach(r -> firstEvents.add(event(r, false)));
    List<GenericRecord> secondEvents = new ArrayList<>();
    second.forEach(r -> secondEvents.add(event(r, false)));
    secondEvents.add(event(deleted, true));

    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(stream(List.of(firstEvents, secondEvents)))
        .apply(
            HudiIOBootstrapTest.ridesWrite(base, WriteOperation.UPSERT)
                .withTriggeringFrequency(StreamingTesting.INTERVAL));
    p.run().waitUntilFinish();

    List<String> instants = HudiTableReader.of(base).completedInstantTimes();
    assertThat(String.valueOf(instants), instants.size(), is(3));
    assertThat(instants.get(0), is(METADATA_BOOTSTRAP_INSTANT));
    String t1 = instants.get(1);
    String t2 = instants.get(2);

    Map<String, String> commitTimes = new TreeMap<>();
    for (GenericRecord r : first) {
      expected.put(r.get("uuid").toString(), r);
      commitTimes.put(r.get("uuid").toString(), t1);
    }
    MetadataOnlyChecks.assertBootstrappedRows(
        bootstrapSnapshotAsOf(base, t1), expected, commitTimes, METADATA_BOOTSTRAP_INSTANT);

    for (GenericRecord r : second) {
      expected.put(r.get("uuid").toString(), r);
      commitTimes.put(r.get("uuid").toString(), t2);
    }
    expected.remove("key-017");
    MetadataOnlyChecks.assertBootstrappedRows(
        bootstrapSnapshotAsOf(base, t2), expected, commitTimes, METADATA_BOOTSTRAP_INSTANT);
    MetadataOnlyChecks.assertBootstrappedRows(
        HudiTableReader.of(base).bootstrapSnapshot(TABLE_SCHEMA, List.of("city")),
        expected,
        commitTimes,
        METADATA_BOOTSTRAP_INSTANT);

    // Three file groups were merged (chennai part-0 and part-1, sf part-0), nyc's one or two (the
    // new key may go to either small file group); the others are still skeletons.
    int skeletons = 0;
    for (var slice : HudiTableReader.of(base).latestFileSlices()) {
      if (slice.getBaseInstantTime().equals(METADATA_BOOTSTRAP_INSTANT)) {
        skeletons++;
      }
    }
    assertThat(String.valueOf(skeletons), skeletons == 1 || skeletons == 2, is(true));

    Map<String, byte[]> after = HudiIOBootstrapUpsertTest.contents(source);
    assertThat(after.keySet(), is(sourceBytes.keySet()));
    for (Map.Entry<String, byte[]> e : sourceBytes.entrySet()) {
      assertThat(e.getKey(), after.get(e.getKey()), is(e.getValue()));
    }
  }

  /**
   * Hudi 0.15's rows as of a completed instant (copy-on-write time travel): the latest base file of
   * each file group on or before it, a skeleton file joined with its source file by Hudi's
   * bootstrap file reader (partition column from the folder), any other read as it is.
   */
  private static List<GenericRecord> bootstrapSnapshotAsOf(String base, String instant)
      throws IOException {
    HudiTableReader reader = HudiTableReader.of(base);
    HoodieTableMetaClient meta = reader.metaClient();
    Schema schema = HoodieAvroUtils.addMetadataFields(TABLE_SCHEMA);
    HoodieFileReaderFactory factory =
        HoodieIOFactory.getIOFactory(meta.getStorage())
            .getReaderFactory(HoodieRecord.HoodieRecordType.AVRO);
    List<GenericRecord> out = new ArrayList<>();
    HoodieTableFileSystemView view =
        new HoodieTableFileSystemView(
            meta, meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants());
    try {
      for (String partition : reader.partitionPaths()) {
        for (HoodieBaseFile file :
            (Iterable<HoodieBaseFile>)
                view.getLatestBaseFilesBeforeOrOn(partition, instant)::iterator) {
          if (file.getBootstrapBaseFile().isEmpty()) {
            // A merged base file (the stream's schema): no row carries the delete marker.
            for (GenericRecord r : reader.readBaseFile(file.getPath())) {
              assertThat(file.getPath(), r.get("_hoodie_is_deleted"), is(nullValue()));
              out.add(r);
            }
            continue;
          }
          try (HoodieFileReader<?> joined =
                  factory.newBootstrapFileReader(
                      factory.getFileReader(new HoodieConfig(), file.getStoragePath()),
                      factory.getFileReader(
                          new HoodieConfig(), file.getBootstrapBaseFile().get().getStoragePath()),
                      Option.of(new String[] {"city"}),
                      new Object[] {partition.substring(partition.indexOf('=') + 1)});
              ClosableIterator<? extends HoodieRecord<?>> it = joined.getRecordIterator(schema)) {
            while (it.hasNext()) {
              out.add((GenericRecord) it.next().getData());
            }
          }
        }
      }
    } finally {
      view.close();
    }
    return out;
  }
}
