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

import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.model.FileSlice;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code HudiIO.read()} of a table {@code HudiIO.bootstrap()} bootstrapped METADATA_ONLY: a file
 * slice whose base file is a skeleton file is read joined with its source file (meta fields from
 * the skeleton, columns from the source, the partition column from the folder name), log files
 * merged on top. Every read is compared row by row, every column, with Hudi 0.15's bootstrap file
 * reader ({@link HudiTableReader#bootstrapSnapshot}) and with the source rows computed here.
 */
public class HudiIOBootstrapReadTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String METADATA_BOOTSTRAP_INSTANT = "00000000000001";
  private static final List<String> META =
      List.of(
          "_hoodie_commit_time",
          "_hoodie_commit_seqno",
          "_hoodie_record_key",
          "_hoodie_partition_path",
          "_hoodie_file_name");
  private static final List<String> DATA = List.of("uuid", "rider", "fare", "ts", "city");

  @Test
  public void everyReadModeOfACopyOnWriteMetadataOnlyTable() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    // 3 partitions x 2 source files x 4 rows: 6 skeleton file groups.
    Map<String, GenericRecord> expected = HudiIOBootstrapTest.writeSource(source, true, 2);
    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withTableVersion(6)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    Map<String, String> commitTimes = new TreeMap<>();
    List<String> hudi = hudiRows(base);
    assertThat(hudi.size(), is(24));
    assertThat(hudi, is(independentRows(hudi, expected, commitTimes)));
    assertRead(HudiIO.read().withBasePath(base).withMetaColumns(), hudi);
    List<String> bootstrapped = hudi;

    // Upsert two file groups' keys and insert one: merged base files next to untouched skeletons.
    List<GenericRecord> upserts =
        List.of(
            ride(TABLE_SCHEMA, "key-001", "chennai", 101.0, 5000L),
            ride(TABLE_SCHEMA, "key-013", "nyc", 113.0, 5000L),
            ride(TABLE_SCHEMA, "key-900", "nyc", 900.0, 5000L));
    write(base, TableType.COPY_ON_WRITE, WriteOperation.UPSERT, upserts);
    String upsert = HudiIOTesting.lastInstant(HudiTableReader.of(base));
    for (GenericRecord r : upserts) {
      expected.put(r.get("uuid").toString(), r);
      commitTimes.put(r.get("uuid").toString(), upsert);
    }
    int skeletons = skeletonSlices(base);
    assertThat(String.valueOf(skeletons), skeletons >= 3 && skeletons <= 4, is(true));
    hudi = hudiRows(base);
    assertThat(hudi.size(), is(25));
    assertThat(hudi, is(independentRows(hudi, expected, commitTimes)));
    assertRead(HudiIO.read().withBasePath(base).withMetaColumns(), hudi);
    assertRead(
        HudiIO.read()
            .withBasePath(base)
            .withMetaColumns()
            .withQueryType(HudiRead.QueryType.READ_OPTIMIZED),
        hudi);
    // Time travel to the bootstrap: every row from the skeleton files, as bootstrapped.
    assertRead(
        HudiIO.read()
            .withBasePath(base)
            .withMetaColumns()
            .withAsOfInstant(METADATA_BOOTSTRAP_INSTANT),
        bootstrapped);
    // Incremental after the bootstrap: the upsert's versions only.
    List<String> upserted = new ArrayList<>();
    for (String row : hudi) {
      if (row.startsWith("_hoodie_commit_time=" + upsert + ";")) {
        upserted.add(row);
      }
    }
    assertThat(upserted.size(), is(3));
    assertRead(
        HudiIO.read()
            .withBasePath(base)
            .withMetaColumns()
            .withQueryType(HudiRead.QueryType.INCREMENTAL)
            .withBeginInstant(METADATA_BOOTSTRAP_INSTANT),
        upserted);
    // Incremental from before the bootstrap: the bootstrap's rows (skeleton files) too.
    assertRead(
        HudiIO.read()
            .withBasePath(base)
            .withMetaColumns()
            .withQueryType(HudiRead.QueryType.INCREMENTAL)
            .withBeginInstant("00000000000000"),
        hudi);
  }

  /**
   * MERGE_ON_READ: an upsert appends log files to skeleton file slices; the snapshot merges them on
   * the skeleton joined with its source, the read-optimized query reads the skeleton slices as Hudi
   * does.
   */
  @Test
  public void logFilesOnSkeletonSlicesOfAMergeOnReadTable() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = HudiIOBootstrapTest.writeSource(source, true, 2);
    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withTableType(TableType.MERGE_ON_READ)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    List<String> bootstrapped = hudiRows(base);
    assertThat(bootstrapped, is(independentRows(bootstrapped, expected, Map.of())));
    List<GenericRecord> upserts =
        List.of(
            ride(TABLE_SCHEMA, "key-001", "chennai", 101.0, 5000L),
            ride(TABLE_SCHEMA, "key-013", "nyc", 113.0, 5000L),
            ride(TABLE_SCHEMA, "key-900", "nyc", 900.0, 5000L));
    write(base, TableType.MERGE_ON_READ, WriteOperation.UPSERT, upserts);
    write(
        base,
        TableType.MERGE_ON_READ,
        WriteOperation.DELETE,
        List.of(ride(TABLE_SCHEMA, "key-017", "sf", 0.0, 6000L)));
    String upsert = HudiTableReader.of(base).completedInstantTimes().get(1);
    long withLogs = 0;
    for (FileSlice slice : HudiTableReader.of(base).latestFileSlices()) {
      if (slice.getBaseInstantTime().equals(METADATA_BOOTSTRAP_INSTANT)
          && slice.getLogFiles().count() > 0) {
        withLogs++;
      }
    }
    assertThat(String.valueOf(withLogs), withLogs >= 2, is(true));
    // Read-optimized: the base files of the latest slices, skeletons joined with their sources, as
    // Hudi's bootstrap reader reads them. (The insert went to a small file group of nyc, which was
    // rewritten as a regular base file; the other updates and the delete are in log files.) Every
    // row is the source row of its key as bootstrapped, or one the upsert wrote.
    List<String> readOptimized = hudiRows(base);
    Map<String, String> baseTimes = new TreeMap<>();
    for (String row : readOptimized) {
      String time = field(row, "_hoodie_commit_time");
      if (!time.equals(METADATA_BOOTSTRAP_INSTANT)) {
        baseTimes.put(field(row, "_hoodie_record_key"), time);
      }
    }
    assertThat(baseTimes.keySet().contains("key-900"), is(true));
    Map<String, GenericRecord> baseRows = new TreeMap<>(expected);
    for (GenericRecord r : upserts) {
      // An update to the file group the insert went to is in its new base file too.
      if (baseTimes.containsKey(r.get("uuid").toString())) {
        baseRows.put(r.get("uuid").toString(), r);
      }
    }
    assertThat(readOptimized, is(independentRows(readOptimized, baseRows, baseTimes)));
    assertRead(
        HudiIO.read()
            .withBasePath(base)
            .withMetaColumns()
            .withQueryType(HudiRead.QueryType.READ_OPTIMIZED),
        readOptimized);
    // Snapshot: log records merged on the joined rows; checked against the rows computed here
    // (the meta fields the log records carry: the upsert's commit time, key and partition).
    Map<String, String> commitTimes = new TreeMap<>();
    for (GenericRecord r : upserts) {
      expected.put(r.get("uuid").toString(), r);
      commitTimes.put(r.get("uuid").toString(), upsert);
    }
    expected.remove("key-017");
    ArrayList<String> all = new ArrayList<>();
    for (Map.Entry<String, GenericRecord> e : expected.entrySet()) {
      all.add(keyText(e.getKey(), e.getValue(), commitTimes));
    }
    all.sort(null);
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollection<Row> rows = p.apply(HudiIO.read().withBasePath(base).withMetaColumns());
    PAssert.that(rows)
        .satisfies(
            actual -> {
              List<String> got = new ArrayList<>();
              for (Row row : actual) {
                got.add(independentText(row));
              }
              got.sort(null);
              assertThat(got, is(all));
              return null;
            });
    p.run().waitUntilFinish();
  }

  /** Hudi 0.15's rows of the latest base files (skeletons joined with their sources), as text. */
  private static List<String> hudiRows(String base) {
    List<String> out = new ArrayList<>();
    for (GenericRecord r :
        HudiTableReader.of(base).bootstrapSnapshot(TABLE_SCHEMA, List.of("city"))) {
      StringBuilder b = new StringBuilder();
      for (String f : META) {
        b.append(f).append('=').append(r.get(f)).append(';');
      }
      for (String f : DATA) {
        b.append(f).append('=').append(r.get(f)).append(';');
      }
      out.add(b.toString());
    }
    out.sort(null);
    return out;
  }

  /**
   * {@code hudi}'s rows rebuilt from the rows computed here (data columns, record key, partition
   * path, commit time) and Hudi's sequence number and file name: equal to {@code hudi} iff Hudi
   * read the expected rows.
   */
  private static List<String> independentRows(
      List<String> hudi, Map<String, GenericRecord> expected, Map<String, String> commitTimes) {
    List<String> out = new ArrayList<>();
    for (String row : hudi) {
      String key = field(row, "_hoodie_record_key");
      GenericRecord r = expected.get(key);
      if (r == null) {
        out.add("unexpected " + row);
        continue;
      }
      StringBuilder b = new StringBuilder();
      b.append("_hoodie_commit_time=")
          .append(commitTimes.getOrDefault(key, METADATA_BOOTSTRAP_INSTANT))
          .append(';');
      b.append("_hoodie_commit_seqno=").append(field(row, "_hoodie_commit_seqno")).append(';');
      b.append("_hoodie_record_key=").append(key).append(';');
      b.append("_hoodie_partition_path=city=").append(r.get("city")).append(';');
      b.append("_hoodie_file_name=").append(field(row, "_hoodie_file_name")).append(';');
      for (String f : DATA) {
        b.append(f).append('=').append(r.get(f)).append(';');
      }
      out.add(b.toString());
    }
    out.sort(null);
    assertThat(out.size(), is(expected.size()));
    return out;
  }

  private static String field(String row, String name) {
    for (String part : row.split(";")) {
      if (part.startsWith(name + "=")) {
        return part.substring(name.length() + 1);
      }
    }
    throw new AssertionError("no " + name + " in " + row);
  }

  /** A read row as text: commit time, key, partition path and data columns. */
  private static String independentText(Row row) {
    StringBuilder b = new StringBuilder();
    b.append(row.getString("_hoodie_commit_time")).append('|');
    b.append(row.getString("_hoodie_record_key")).append('|');
    b.append(row.getString("_hoodie_partition_path")).append('|');
    for (String f : DATA) {
      b.append(row.getValue(f).toString()).append('|');
    }
    return b.toString();
  }

  private static String keyText(String key, GenericRecord r, Map<String, String> times) {
    StringBuilder b = new StringBuilder();
    b.append(times.getOrDefault(key, METADATA_BOOTSTRAP_INSTANT)).append('|');
    b.append(key).append('|');
    b.append("city=").append(r.get("city")).append('|');
    for (String f : DATA) {
      b.append(r.get(f)).append('|');
    }
    return b.toString();
  }

  /**
   * Runs {@code read} and asserts its rows, as text in the order META then DATA, equal {@code
   * want}.
   */
  private static void assertRead(HudiRead read, List<String> want) {
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollection<Row> rows = p.apply(read);
    List<String> names = new ArrayList<>(META);
    names.addAll(DATA);
    assertThat(rows.getSchema().getFieldNames(), is(names));
    List<String> expected = new ArrayList<>(want);
    PAssert.that(rows)
        .satisfies(
            actual -> {
              List<Row> all = new ArrayList<>();
              actual.forEach(all::add);
              assertThat(HudiIOReadTest.text(all), is(expected));
              return null;
            });
    p.run().waitUntilFinish();
  }

  private static void write(
      String base, TableType type, WriteOperation operation, List<GenericRecord> rows) {
    HudiIOBootstrapTest.writeRides(
        rows,
        HudiIOBootstrapTest.ridesWrite(base, operation)
            .withIndex(IndexType.BLOOM)
            .withTableType(type));
  }

  /**
   * How many latest file slices still have a skeleton base file (Hudi's view attaches a source).
   */
  private static int skeletonSlices(String base) {
    int n = 0;
    for (FileSlice slice : HudiTableReader.of(base).latestFileSlices()) {
      if (slice.getBaseFile().get().getBootstrapBaseFile().isPresent()) {
        n++;
      }
    }
    return n;
  }
}
