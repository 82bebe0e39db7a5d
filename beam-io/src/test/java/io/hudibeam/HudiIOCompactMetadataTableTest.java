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

import static io.hudibeam.HudiIOMergeOnReadIT.trips;
import static io.hudibeam.HudiIOTesting.assertRows;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.TripsRange.trips;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.services.Compactor;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.MetadataTableChecks;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.FileInputStream;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link HudiIO#compact()} initialises a missing metadata table as a write's start does (Hudi's
 * table service client creates the metadata writer, which initialises it, for a compaction), and
 * with {@code hoodie.metadata.enable=false} deletes it as a write's start does.
 */
public class HudiIOCompactMetadataTableTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static void compact(String base, Map<String, String> properties) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(HudiIO.compact().withBasePath(base).withHoodieProperties(properties));
    p.run().waitUntilFinish();
  }

  /**
   * A merge-on-read table written without a metadata table: 40 inserts, then 16 updates (log
   * files).
   */
  private static HudiTableReader withoutMetadataTable(String base) {
    Map<String, String> off = Map.of("hoodie.metadata.enable", "false");
    run(TripsRows.batch(0, 0, 40), trips(base, WriteOperation.INSERT).withHoodieProperties(off));
    run(TripsRows.batch(1, 0, 16), trips(base, WriteOperation.UPSERT).withHoodieProperties(off));
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));
    return HudiTableReader.of(base);
  }

  /** Hudi's read-optimized query, by record key. */
  private static Map<String, GenericRecord> readOptimized(HudiTableReader reader) {
    Map<String, GenericRecord> out = new TreeMap<>();
    for (GenericRecord r : reader.readOptimized()) {
      out.put(HudiTableReader.string(r, "_hoodie_record_key"), r);
    }
    return out;
  }

  private static void assertTripsRows(HudiTableReader reader, String c1, String d2) {
    assertRows(
        reader,
        40,
        trips(0, 16).ofBatch(1).committedAt(d2),
        trips(16, 40).ofBatch(0).committedAt(c1));
    assertRows(
        readOptimized(reader),
        40,
        trips(0, 16).ofBatch(1).committedAt(d2),
        trips(16, 40).ofBatch(0).committedAt(c1));
  }

  @Test
  public void compactInitialisesAMissingMetadataTable() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = withoutMetadataTable(base);
    List<String> writes = reader.completedInstantTimes();
    assertThat(writes, hasSize(2));

    // hoodie.metadata.enable=false: compact creates none.
    compact(base, Map.of("hoodie.metadata.enable", "false"));
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));
    assertThat(reader.tableConfig().getMetadataPartitions(), is(empty()));

    // More log files, then a compaction with the default settings.
    run(
        TripsRows.batch(2, 0, 8),
        trips(base, WriteOperation.UPSERT)
            .withHoodieProperties(Map.of("hoodie.metadata.enable", "false")));
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));
    List<String> before = reader.completedInstantTimes();
    String d3 = before.get(before.size() - 1);
    compact(base, Map.of());
    List<String> after = reader.completedInstantTimes();
    assertThat(after, hasSize(before.size() + 1));
    String compaction = after.get(after.size() - 1);

    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
    // Initialised from a listing as of the upsert (Hudi 0.15's initialisation instant: its time
    // plus 010), then the compaction's deltacommit.
    assertThat(
        MetadataTableChecks.completedMetadataDeltaCommits(base),
        is(List.of(d3 + "010", compaction)));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    assertRows(
        reader,
        40,
        trips(0, 8).ofBatch(2).committedAt(d3),
        trips(8, 16).ofBatch(1).committedAt(writes.get(1)),
        trips(16, 40).ofBatch(0).committedAt(writes.get(0)));
    assertRows(
        readOptimized(reader),
        40,
        trips(0, 8).ofBatch(2).committedAt(d3),
        trips(8, 16).ofBatch(1).committedAt(writes.get(1)),
        trips(16, 40).ofBatch(0).committedAt(writes.get(0)));
  }

  /**
   * With {@code hoodie.metadata.enable=false}, {@code HudiIO.compact()} deletes the metadata table
   * as a write's start does (and as Hudi's writer does with the setting): both metadata-partition
   * keys leave {@code hoodie.properties} ({@code MetadataPartitions.dropAll}, the write path's
   * step), the folder is gone, and the compaction commits without creating one.
   */
  @Test
  public void compactWithTheMetadataTableDisabledDeletesIt() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    run(TripsRows.batch(0, 0, 40), trips(base, WriteOperation.INSERT));
    run(TripsRows.batch(1, 0, 16), trips(base, WriteOperation.UPSERT));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
    assertThat(new File(base, ".hoodie/metadata/.hoodie/hoodie.properties").isFile(), is(true));
    List<String> writes = reader.completedInstantTimes();
    assertThat(writes, hasSize(2));

    compact(base, Map.of("hoodie.metadata.enable", "false"));
    List<String> after = reader.completedInstantTimes();
    assertThat("the compaction committed", after, hasSize(3));
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));
    assertThat(reader.tableConfig().getMetadataPartitions(), is(empty()));
    Properties properties = new Properties();
    try (InputStream in = new FileInputStream(new File(base, ".hoodie/hoodie.properties"))) {
      properties.load(in);
    }
    assertThat(properties.containsKey("hoodie.table.metadata.partitions"), is(false));
    assertThat(properties.containsKey("hoodie.table.metadata.partitions.inflight"), is(false));
    // Snapshot and read-optimized (the compaction's base files) queries: every row.
    assertTripsRows(reader, writes.get(0), writes.get(1));
  }

  /**
   * Table version 6 waits while a data instant is pending (Hudi 0.15's anyPendingDataInstant): a
   * pending compaction that {@code HudiIO.compact()} runs is one, so the next run initialises.
   */
  @Test
  public void versionSixWaitsWhileACompactionIsPending() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = withoutMetadataTable(base);
    List<String> writes = reader.completedInstantTimes();
    Configuration conf = new Configuration();
    InstantTime pending =
        new Compactor(conf, FileSystem.getLocal(conf), TablePaths.of(base))
            .schedule(new InstantTimeGenerator(TimelineTimezone.LOCAL), TableType.MERGE_ON_READ)
            .get();

    compact(base, Map.of());
    assertThat(reader.completedInstantTimes(), hasItem(pending.value()));
    assertThat(reader.tableConfig().getMetadataPartitions(), is(empty()));
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));
    assertTripsRows(reader, writes.get(0), writes.get(1));

    // Nothing pending now: the next run initialises it, with nothing to compact.
    compact(base, Map.of());
    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    assertTripsRows(reader, writes.get(0), writes.get(1));
  }
}
