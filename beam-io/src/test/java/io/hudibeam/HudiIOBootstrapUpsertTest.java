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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.hudi.common.model.FileSlice;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO's upserts and deletes on a table {@code HudiIO.bootstrap()} bootstrapped METADATA_ONLY:
 * every file group a write touches gets a regular base file with the full rows (its skeleton file's
 * meta fields and its source file's columns, merged with the incoming records; same file id, a new
 * file slice), as Hudi's merge handle does; untouched file groups stay skeleton files joined with
 * their source files; the source files are never changed. Hudi 0.15's file-system view and
 * bootstrap file reader read every row back after each write, compared with rows computed here.
 */
public class HudiIOBootstrapUpsertTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String METADATA_BOOTSTRAP_INSTANT = "00000000000001";

  @Test
  public void upsertsAndDeletesOnAMetadataOnlyTableAtVersionSix() throws Exception {
    continueMetadataOnlyTable(6, IndexType.BLOOM);
  }

  @Test
  public void upsertsAndDeletesOnAMetadataOnlyTableWithTheSimpleIndex() throws Exception {
    continueMetadataOnlyTable(6, IndexType.SIMPLE);
  }

  private void continueMetadataOnlyTable(int version, IndexType index) throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    // 3 partitions x 2 files x 4 rows: chennai key-000..007, nyc key-008..015, sf key-016..023
    // (part-0 holds the first 4 of each partition, part-1 the next 4).
    Map<String, GenericRecord> expected = HudiIOBootstrapTest.writeSource(source, true, 2);
    Map<String, byte[]> sourceBytes = contents(source);
    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withTableVersion(version)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    Map<String, String> commitTimes = new TreeMap<>();
    assertRows(base, expected, commitTimes);
    assertThat(skeletonFileGroups(base).size(), is(6));

    // Upsert: update key-001 (chennai part-0) and key-013 (nyc part-1), insert key-900 (nyc).
    List<GenericRecord> upserts =
        List.of(
            ride(TABLE_SCHEMA, "key-001", "chennai", 101.0, 5000L),
            ride(TABLE_SCHEMA, "key-013", "nyc", 113.0, 5000L),
            ride(TABLE_SCHEMA, "key-900", "nyc", 900.0, 5000L));
    write(base, index, WriteOperation.UPSERT, upserts);
    String upsertInstant = HudiIOTesting.lastInstant(HudiTableReader.of(base));
    for (GenericRecord r : upserts) {
      expected.put(r.get("uuid").toString(), r);
      commitTimes.put(r.get("uuid").toString(), upsertInstant);
    }
    assertRows(base, expected, commitTimes);
    Set<String> skeletons = skeletonFileGroups(base);
    // The updated file groups were rewritten in full; the others (the new key may have gone to a
    // small skeleton file group of nyc too, which is then rewritten) are still skeletons.
    assertThat(skeletons.size() <= 4, is(true));
    assertThat(skeletons.size() >= 3, is(true));

    // Delete key-017 (sf part-0) and key-002 (chennai, an already merged file group).
    List<GenericRecord> deletes =
        List.of(
            ride(TABLE_SCHEMA, "key-017", "sf", 0.0, 6000L),
            ride(TABLE_SCHEMA, "key-002", "chennai", 0.0, 6000L));
    write(base, index, WriteOperation.DELETE, deletes);
    expected.remove("key-017");
    expected.remove("key-002");
    assertRows(base, expected, commitTimes);
    Set<String> left = skeletonFileGroups(base);
    assertThat(left.size(), is(skeletons.size() - 1));
    // The cleaner (one commit retained, KEEP_LATEST_COMMITS) deleted the skeleton files the upsert
    // replaced, kept the one the delete replaced (the slice a reader of the retained commit's
    // predecessor sees, as Hudi's CleanPlanner keeps it), and nothing of the source.
    assertThat(
        HudiTableReader.of(base)
                .metaClient()
                .getActiveTimeline()
                .getCleanerTimeline()
                .filterCompletedInstants()
                .countInstants()
            > 0,
        is(true));
    assertThat(skeletonFilesOnDisk(base), is(left.size() + 1));

    // The source files are untouched.
    assertThat(contents(source).keySet(), is(sourceBytes.keySet()));
    for (Map.Entry<String, byte[]> e : sourceBytes.entrySet()) {
      assertThat(e.getKey(), contents(source).get(e.getKey()), is(e.getValue()));
    }
  }

  /**
   * MERGE_ON_READ: HudiIO's upsert and delete append log files to the skeleton file slices, then
   * HudiIO's compaction merges each such slice (skeleton, source and log records) into a regular
   * base file.
   */
  @Test
  public void aMergeOnReadMetadataOnlyTableIsUpsertedThenCompacted() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = HudiIOBootstrapTest.writeSource(source, true, 2);
    Map<String, byte[]> sourceBytes = contents(source);
    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withTableType(TableType.MERGE_ON_READ)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    List<GenericRecord> upserts =
        List.of(
            ride(TABLE_SCHEMA, "key-001", "chennai", 101.0, 5000L),
            ride(TABLE_SCHEMA, "key-013", "nyc", 113.0, 5000L),
            ride(TABLE_SCHEMA, "key-900", "nyc", 900.0, 5000L));
    write(base, IndexType.BLOOM, TableType.MERGE_ON_READ, WriteOperation.UPSERT, upserts);
    String upsertInstant = HudiIOTesting.lastInstant(HudiTableReader.of(base));
    write(
        base,
        IndexType.BLOOM,
        TableType.MERGE_ON_READ,
        WriteOperation.DELETE,
        List.of(ride(TABLE_SCHEMA, "key-017", "sf", 0.0, 6000L)));
    Map<String, String> commitTimes = new TreeMap<>();
    for (GenericRecord r : upserts) {
      expected.put(r.get("uuid").toString(), r);
      commitTimes.put(r.get("uuid").toString(), upsertInstant);
    }
    expected.remove("key-017");

    Pipeline p = HudiIOTesting.pipeline(1);
    p.apply(
        HudiIO.compact()
            .withBasePath(base)
            .withHoodieProperties(Map.of("hoodie.compact.inline.max.delta.commits", "1")));
    p.run().waitUntilFinish();

    HudiTableReader reader = HudiTableReader.of(base);
    // Hudi reads the plan: each skeleton slice's operation names its source file, as Hudi's
    // CompactionUtils.buildFromFileSlice records it, so Hudi's compactor could execute it too.
    var plan =
        org.apache.hudi.common.util.CompactionUtils.getCompactionPlan(
            reader.metaClient(), HudiIOTesting.lastInstant(reader));
    assertThat(plan.getOperations().isEmpty(), is(false));
    for (var operation : plan.getOperations()) {
      assertThat(operation.getBaseInstantTime(), is(METADATA_BOOTSTRAP_INSTANT));
      String path = operation.getBootstrapFilePath();
      assertThat(String.valueOf(path), path != null && path.endsWith(".parquet"), is(true));
      assertThat(path, path.contains(source.getAbsolutePath() + "/city="), is(true));
    }
    for (FileSlice slice : reader.latestFileSlices()) {
      assertThat(slice.toString(), slice.getLogFiles().count(), is(0L));
    }
    assertRows(base, expected, commitTimes);
    // key-001, key-013 and key-017's file groups were compacted (and nyc's other one if the new
    // key went to it); the others are still skeletons.
    int skeletons = skeletonFileGroups(base).size();
    assertThat(String.valueOf(skeletons), skeletons == 2 || skeletons == 3, is(true));
    assertThat(contents(source).keySet(), is(sourceBytes.keySet()));
    for (Map.Entry<String, byte[]> e : sourceBytes.entrySet()) {
      assertThat(e.getKey(), contents(source).get(e.getKey()), is(e.getValue()));
    }
  }

  /**
   * A compaction HudiIO scheduled on a MERGE_ON_READ METADATA_ONLY table, executed by Hudi 0.15's
   * Java client: the plan's {@code bootstrapFilePath} lets Hudi's compactor join each skeleton with
   * its source, so Hudi writes the source's columns (not the partition column the source files
   * lack: Hudi 0.15's Java compactor leaves it null).
   */
  @Test
  public void hudiExecutesACompactionHudiIOScheduledOnAMetadataOnlyTable() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = HudiIOBootstrapTest.writeSource(source, true, 2);
    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withTableType(TableType.MERGE_ON_READ)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    List<GenericRecord> upserts =
        List.of(
            ride(TABLE_SCHEMA, "key-001", "chennai", 101.0, 5000L),
            ride(TABLE_SCHEMA, "key-013", "nyc", 113.0, 5000L));
    write(base, IndexType.BLOOM, TableType.MERGE_ON_READ, WriteOperation.UPSERT, upserts);
    String upsertInstant = HudiIOTesting.lastInstant(HudiTableReader.of(base));
    Map<String, String> commitTimes = new TreeMap<>();
    for (GenericRecord r : upserts) {
      expected.put(r.get("uuid").toString(), r);
      commitTimes.put(r.get("uuid").toString(), upsertInstant);
    }
    String compaction =
        new io.hudibeam.services.Compactor(
                new org.apache.hadoop.conf.Configuration(),
                org.apache.hadoop.fs.FileSystem.getLocal(
                    new org.apache.hadoop.conf.Configuration()),
                io.hudibeam.table.TablePaths.of(base))
            .schedule(
                new io.hudibeam.timeline.InstantTimeGenerator(
                    io.hudibeam.table.TimelineTimezone.LOCAL),
                TableType.MERGE_ON_READ)
            .orElseThrow()
            .value();
    io.hudibeam.testing.HudiReference.trips(base)
        .tableName("rides")
        .schema(TABLE_SCHEMA)
        .recordKeyFields("uuid")
        .partitionFields("city")
        .orderingField("ts")
        .hiveStylePartitioning(true)
        .tableType(org.apache.hudi.common.model.HoodieTableType.MERGE_ON_READ)
        .open()
        .compact(compaction);
    assertThat(HudiIOTesting.lastInstant(HudiTableReader.of(base)), is(compaction));
    for (FileSlice slice : HudiTableReader.of(base).latestFileSlices()) {
      assertThat(slice.toString(), slice.getLogFiles().count(), is(0L));
    }
    // Hudi 0.15's Java compactor joins skeleton and source (every source column is there) but does
    // not fill the partition column the source files lack (Hive-style folders): the 6 carried-over
    // rows of the two compacted file groups have city null (the 2 updates bring theirs). HudiIO's
    // own compaction and merges fill it (above).
    List<GenericRecord> rows =
        HudiTableReader.of(base).bootstrapSnapshot(TABLE_SCHEMA, List.of("city"));
    Map<String, GenericRecord> byKey = HudiTableReader.byRecordKey(rows);
    assertThat(byKey.keySet(), is(expected.keySet()));
    int nullCities = 0;
    for (Map.Entry<String, GenericRecord> e : expected.entrySet()) {
      GenericRecord row = byKey.get(e.getKey());
      for (String field : List.of("uuid", "rider", "fare", "ts")) {
        assertThat(
            e.getKey() + "." + field,
            String.valueOf(row.get(field)),
            is(String.valueOf(e.getValue().get(field))));
      }
      assertThat(
          e.getKey(),
          HudiTableReader.string(row, HudiIOTesting.COMMIT_TIME),
          is(commitTimes.getOrDefault(e.getKey(), METADATA_BOOTSTRAP_INSTANT)));
      if (row.get("city") == null) {
        nullCities++;
      } else {
        assertThat(String.valueOf(row.get("city")), is(String.valueOf(e.getValue().get("city"))));
      }
    }
    assertThat(nullCities, is(6));
    assertThat(skeletonFileGroups(base).size(), is(4));
  }

  /**
   * The BUCKET index finds a record's file group from its file id, which a skeleton file's is not:
   * refused, naming the file and the setting; nothing is committed.
   */
  @Test
  public void theBucketIndexIsRefusedOnAMetadataOnlyTable() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = HudiIOBootstrapTest.writeSource(source, true, 1);
    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                write(
                    base,
                    IndexType.BUCKET,
                    WriteOperation.UPSERT,
                    List.of(ride(TABLE_SCHEMA, "key-001", "chennai", 1.0, 9000L))));
    String message = HudiIOTesting.messages(e);
    assertThat(message, containsString("skeleton file"));
    assertThat(message, containsString("hoodie.index.type=SIMPLE"));
    assertRows(base, expected, Map.of());
  }

  private static void write(
      String base, IndexType index, WriteOperation operation, List<GenericRecord> rows) {
    write(base, index, TableType.COPY_ON_WRITE, operation, rows);
  }

  private static void write(
      String base,
      IndexType index,
      TableType type,
      WriteOperation operation,
      List<GenericRecord> rows) {
    HudiIOBootstrapTest.writeRides(
        rows,
        HudiIOBootstrapTest.ridesWrite(base, operation)
            .withIndex(index)
            .withHoodieProperties(Map.of("hoodie.cleaner.commits.retained", "1"))
            .withTableType(type));
  }

  /**
   * Every row Hudi 0.15 reads (a skeleton file joined with its source file by Hudi's bootstrap file
   * reader, a regular base file as it is) is the expected row with its meta fields: commit time
   * {@code 00000000000001} unless written later.
   */
  private static void assertRows(
      String base, Map<String, GenericRecord> expected, Map<String, String> commitTimes) {
    MetadataOnlyChecks.assertBootstrappedRows(
        HudiTableReader.of(base).bootstrapSnapshot(TABLE_SCHEMA, List.of("city")),
        expected,
        commitTimes,
        METADATA_BOOTSTRAP_INSTANT);
  }

  /**
   * The file groups whose latest slice is still the skeleton file of {@code 00000000000001} (Hudi's
   * view attaches its source file); every other latest slice is a regular base file of a later
   * instant, without a source file.
   */
  private static Set<String> skeletonFileGroups(String base) {
    Set<String> skeletons = new TreeSet<>();
    for (FileSlice slice : HudiTableReader.of(base).latestFileSlices()) {
      var file = slice.getBaseFile().get();
      boolean skeleton = slice.getBaseInstantTime().equals(METADATA_BOOTSTRAP_INSTANT);
      assertThat(file.getPath(), file.getBootstrapBaseFile().isPresent(), is(skeleton));
      if (skeleton) {
        skeletons.add(slice.getFileId());
      }
    }
    return skeletons;
  }

  private static int skeletonFilesOnDisk(String base) throws IOException {
    try (Stream<java.nio.file.Path> files = Files.walk(new File(base).toPath())) {
      return (int)
          files.filter(f -> f.getFileName().toString().endsWith("_00000000000001.parquet")).count();
    }
  }

  static Map<String, byte[]> contents(File source) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<java.nio.file.Path> files = Files.walk(source.toPath())) {
      for (java.nio.file.Path f : files.filter(Files::isRegularFile).toList()) {
        out.put(source.toPath().relativize(f).toString(), Files.readAllBytes(f));
      }
    }
    return out;
  }
}
