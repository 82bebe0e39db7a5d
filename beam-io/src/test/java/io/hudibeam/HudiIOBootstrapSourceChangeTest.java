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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A source file of a METADATA_ONLY bootstrap changed after the bootstrap with the same length: the
 * modification time the bootstrap index recorded (Hudi's {@code HoodieFileStatus}) differs from the
 * file's, so {@code HudiIO.read()} and a write that merges its file group refuse, naming the file
 * and both times, and commit nothing. The read is one pipeline: it fails as a whole, and a read
 * whose partition filter leaves the file out succeeds.
 */
public class HudiIOBootstrapSourceChangeTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String METADATA_BOOTSTRAP_INSTANT = "00000000000001";

  @Test
  public void aSourceFileRewrittenWithTheSameLengthIsRefusedByReadsAndMerges() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    // nyc's part-1.parquet holds key-012..015 (fares 18.0, 19.5, 21.0, 22.5).
    Map<String, GenericRecord> expected = HudiIOBootstrapTest.writeSource(source, true, 2);
    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    assertHudiRows(base, expected);
    File changed = new File(source, "city=nyc/part-1.parquet");
    long recorded = modificationTime(changed);
    long length = changed.length();

    // Swap the fares of key-012 and key-013: the same values in another order, the same length.
    swapFares(changed);
    assertThat(changed.length(), is(length));
    assertThat(changed.setLastModified(recorded + 60_000), is(true));
    long current = modificationTime(changed);

    String read = failure(() -> assertRead(base, "", List.of()));
    assertNamesTheChange(read, changed, recorded, current);

    // The other partitions' file groups read fine when the read leaves nyc out.
    List<String> others = new ArrayList<>();
    for (GenericRecord r : expected.values()) {
      if (!"nyc".equals(String.valueOf(r.get("city")))) {
        others.add(r.get("uuid") + "|" + r.get("fare"));
      }
    }
    others.sort(null);
    assertRead(base, "city != 'nyc'", others);

    // An upsert of key-013 merges the changed file's group: refused, nothing committed.
    String merge =
        failure(() -> upsert(base, List.of(ride(TABLE_SCHEMA, "key-013", "nyc", 113.0, 5000L))));
    assertNamesTheChange(merge, changed, recorded, current);
    assertThat(HudiIOTesting.lastInstant(HudiTableReader.of(base)), is(METADATA_BOOTSTRAP_INSTANT));

    // An upsert of an untouched file group (chennai) commits. Hudi's own reader does not check
    // the source: it reads the swapped fares of the changed file (the wrong rows HudiIO refuses).
    GenericRecord update = ride(TABLE_SCHEMA, "key-001", "chennai", 101.0, 5000L);
    upsert(base, List.of(update));
    String upsertInstant = HudiIOTesting.lastInstant(HudiTableReader.of(base));
    assertThat(upsertInstant.equals(METADATA_BOOTSTRAP_INSTANT), is(false));
    expected.put("key-001", update);
    expected.put("key-012", ride(TABLE_SCHEMA, "key-012", "nyc", 19.5, 1012L));
    expected.put("key-013", ride(TABLE_SCHEMA, "key-013", "nyc", 18.0, 1013L));
    MetadataOnlyChecks.assertBootstrappedRows(
        HudiTableReader.of(base).bootstrapSnapshot(TABLE_SCHEMA, List.of("city")),
        expected,
        Map.of("key-001", upsertInstant),
        METADATA_BOOTSTRAP_INSTANT);
  }

  /**
   * A source file whose modification time alone changed (same bytes, as a copy that does not keep
   * it leaves them) is another file to the index: refused too, the safe side. Restoring the
   * recorded modification time makes it readable again.
   */
  @Test
  public void aSourceFileWhoseModificationTimeAloneChangedIsRefused() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = HudiIOBootstrapTest.writeSource(source, true, 1);
    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    assertHudiRows(base, expected);
    File touched = new File(source, "city=sf/part-0.parquet");
    long recorded = modificationTime(touched);
    assertThat(touched.setLastModified(recorded - 3_600_000), is(true));
    long current = modificationTime(touched);

    String read = failure(() -> assertRead(base, "", List.of()));
    assertNamesTheChange(read, touched, recorded, current);

    assertThat(touched.setLastModified(recorded), is(true));
    List<String> all = new ArrayList<>();
    for (GenericRecord r : expected.values()) {
      all.add(r.get("uuid") + "|" + r.get("fare"));
    }
    all.sort(null);
    assertRead(base, "", all);
  }

  /**
   * A MERGE_ON_READ METADATA_ONLY table whose skeleton slice got a log file: once its source file
   * changed, HudiIO's compaction of that file group (which joins the skeleton file with the source
   * file) is refused naming the file, and no compaction completes.
   */
  @Test
  public void aCompactionOfASkeletonSliceWhoseSourceChangedIsRefused() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    HudiIOBootstrapTest.writeSource(source, true, 1);
    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withTableType(TableType.MERGE_ON_READ)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    // key-009 is in sf's only source file: the update is a log file on its skeleton slice.
    HudiIOBootstrapTest.writeRides(
        List.of(ride(TABLE_SCHEMA, "key-009", "sf", 109.0, 5000L)),
        HudiIOBootstrapTest.ridesWrite(base, WriteOperation.UPSERT)
            .withTableType(TableType.MERGE_ON_READ)
            .withIndex(IndexType.BLOOM));
    List<String> completed = HudiTableReader.of(base).completedInstantTimes();
    assertThat(completed.size(), is(2));

    File touched = new File(source, "city=sf/part-0.parquet");
    long recorded = modificationTime(touched);
    assertThat(touched.setLastModified(recorded + 60_000), is(true));
    long current = modificationTime(touched);

    String compaction =
        failure(
            () -> {
              Pipeline p = HudiIOTesting.pipeline(1);
              p.apply(
                  HudiIO.compact()
                      .withBasePath(base)
                      .withHoodieProperties(
                          Map.of("hoodie.compact.inline.max.delta.commits", "1")));
              p.run().waitUntilFinish();
            });
    assertNamesTheChange(compaction, touched, recorded, current);
    assertThat(HudiTableReader.of(base).completedInstantTimes(), is(completed));
  }

  private static void assertNamesTheChange(String message, File file, long recorded, long current) {
    assertThat(message, containsString(file.getAbsolutePath()));
    assertThat(message, containsString("has modification time " + current));
    assertThat(message, containsString("the bootstrap index recorded " + recorded));
    assertThat(message, containsString("must never change"));
  }

  private static String failure(org.junit.function.ThrowingRunnable run) {
    return HudiIOTesting.messages(assertThrows(Exception.class, run));
  }

  /** What Hadoop's file system reports, as the bootstrap recorded it. */
  private static long modificationTime(File file) throws IOException {
    Path path = new Path(file.getAbsolutePath());
    return path.getFileSystem(new Configuration()).getFileStatus(path).getModificationTime();
  }

  /** Rewrites {@code file} (parquet-avro, as written) with the fares of rows 0 and 1 swapped. */
  private static void swapFares(File file) throws IOException {
    Path path = new Path(file.getAbsolutePath());
    Configuration conf = new Configuration();
    List<GenericRecord> rows = new ArrayList<>();
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(HadoopInputFile.fromPath(path, conf))
            .withDataModel(GenericData.get())
            .withConf(conf)
            .build()) {
      for (GenericRecord r = reader.read(); r != null; r = reader.read()) {
        rows.add(r);
      }
    }
    Object fare = rows.get(0).get("fare");
    rows.get(0).put("fare", rows.get(1).get("fare"));
    rows.get(1).put("fare", fare);
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(path)
            .withSchema(rows.get(0).getSchema())
            .withConf(conf)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .build()) {
      for (GenericRecord r : rows) {
        writer.write(r);
      }
    }
  }

  /**
   * Runs {@code HudiIO.read()} ({@code filter} if not empty) and asserts its rows, as {@code
   * uuid|fare} sorted, are {@code want}.
   */
  private static void assertRead(String base, String filter, List<String> want) {
    HudiRead read = HudiIO.read().withBasePath(base).keeping("uuid", "fare");
    if (!filter.isEmpty()) {
      read = read.withPartitionFilter(filter);
    }
    List<String> expected = new ArrayList<>(want);
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollection<Row> rows = p.apply(read);
    PAssert.that(rows)
        .satisfies(
            actual -> {
              List<String> got = new ArrayList<>();
              for (Row row : actual) {
                got.add(row.getString("uuid") + "|" + row.getDouble("fare"));
              }
              got.sort(null);
              assertThat(got, is(expected));
              return null;
            });
    p.run().waitUntilFinish();
  }

  private static void upsert(String base, List<GenericRecord> rows) {
    HudiIOBootstrapTest.writeRides(
        rows,
        HudiIOBootstrapTest.ridesWrite(base, WriteOperation.UPSERT).withIndex(IndexType.BLOOM));
  }

  private static void assertHudiRows(String base, Map<String, GenericRecord> expected) {
    MetadataOnlyChecks.assertBootstrappedRows(
        HudiTableReader.of(base).bootstrapSnapshot(TABLE_SCHEMA, List.of("city")),
        expected,
        Map.of(),
        METADATA_BOOTSTRAP_INSTANT);
  }
}
