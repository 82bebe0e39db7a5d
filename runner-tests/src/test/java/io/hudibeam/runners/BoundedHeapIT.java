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
package io.hudibeam.runners;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.KeyShards;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Memory bounded by design (docs/memory.md): a write whose one file group receives more records
 * than the heap could hold decoded completes on the FlinkRunner (parallelism 2) in a JVM of {@value
 * #HEAP}. The table is first written with {@value #RECORDS} records in one partition and one file
 * group (insert, a small record size estimate), then every record is upserted: the one file group's
 * {@value #RECORDS} incoming records, about 400 bytes each as decoded records, are more than the
 * heap, so the run passes only when the GroupByKey's values for that file group are read lazily
 * (packs of encoded records, the writer chained to the group-reduce) and the merge spills over its
 * budget. Every record key is made to fall in one key shard ({@link KeyShards}, {@link #key}), so
 * the upsert's "Tag locations" join gets all {@value #RECORDS} incoming records and stored keys in
 * one group too: it passes only because the join keeps them within the merge budget and spills the
 * rest. Each write runs in a child JVM ({@link #main}), whose Flink log must show the writer
 * chained to the GroupByKey; the table is read back with Hudi's reader.
 */
public class BoundedHeapIT {
  static final String HEAP = "-Xmx96m";
  static final int RECORDS = 250_000;
  static final String CITY = "san_francisco";
  private static final long CHILD_TIMEOUT_SECONDS = 900;

  /** Flink's log line of a task that runs the writer chained to the GroupByKey's group-reduce. */
  private static final Pattern CHAINED_WRITER =
      Pattern.compile(
          "CHAIN GroupReduce \\(GroupReduce at [^)]*Write file groups/Group by file group\\)"
              + " -> FlatMap \\(FlatMap at [^)]*Write file groups/Write/");

  /**
   * Two characters that, appended to a key, add each residue modulo {@link KeyShards#SHARDS} to its
   * hash: {@code SUFFIXES[r]} adds 31 x + y = r.
   */
  private static final String[] SUFFIXES = suffixes();

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static String[] suffixes() {
    String chars = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    String[] suffixes = new String[KeyShards.SHARDS];
    for (char x : chars.toCharArray()) {
      for (char y : chars.toCharArray()) {
        int residue = Math.floorMod(31 * x + y, KeyShards.SHARDS);
        if (suffixes[residue] == null) {
          suffixes[residue] = "" + x + y;
        }
      }
    }
    for (int r = 0; r < suffixes.length; r++) {
      if (suffixes[r] == null) {
        throw new IllegalStateException("no two-character suffix adds " + r + " to a key's hash");
      }
    }
    return suffixes;
  }

  /** The trips key of index {@code i} with two characters that put it in key shard 0. */
  static String key(long i) {
    String key = TripsData.key(i);
    // hash(key + x + y) = 961 hash(key) + 31 x + y
    int residue = Math.floorMod(-961 * key.hashCode(), KeyShards.SHARDS);
    return key + SUFFIXES[residue];
  }

  @Test
  public void anUpsertOfMoreRecordsPerFileGroupThanTheHeapHoldsCompletes() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    String insertLog = runChild(base, WriteOperation.INSERT, 0);
    String upsertLog = runChild(base, WriteOperation.UPSERT, 1);
    for (String log : List.of(insertLog, upsertLog)) {
      assertThat(
          "the writer after the GroupByKey is chained to it; the child's output: " + tail(log),
          CHAINED_WRITER.matcher(log).find(),
          is(true));
    }

    HudiTableReader reader = HudiTableReader.of(base);
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits.size(), is(2));
    assertThat(reader.latestFileSlices().size(), is(1));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(RECORDS));
    for (int i = 0; i < RECORDS; i++) {
      assertThat(key(i), KeyShards.of(key(i)), is(0));
      GenericRecord read = rows.get(key(i));
      assertThat(key(i), TripsData.values(read), is(TripsData.values(record(1, i))));
      assertThat(key(i), HudiTableReader.string(read, "_hoodie_commit_time"), is(commits.get(1)));
    }
  }

  /** The trips record of batch {@code b} and index {@code i}, in the one partition and shard. */
  static GenericRecord record(long b, long i) {
    GenericRecord r = TripsData.record(b, i);
    r.put("uuid", key(i));
    r.put("city", CITY);
    return r;
  }

  /** Runs one write of batch {@code b} in a child JVM; returns its output. */
  private String runChild(String base, WriteOperation operation, long b) throws Exception {
    File log = tmp.newFile(operation + ".log");
    List<String> java = new ArrayList<>();
    java.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    java.add(HEAP);
    java.add("-XX:+ExitOnOutOfMemoryError");
    // Flink's network and batch-shuffle buffers are direct memory, which defaults to the heap's
    // size; they are not what this test bounds.
    java.add("-XX:MaxDirectMemorySize=256m");
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens")) {
        java.add(arg);
      }
    }
    java.add("-Djava.io.tmpdir=" + tmp.newFolder(operation + "-tmp").getAbsolutePath());
    java.add("-cp");
    java.add(System.getProperty("java.class.path"));
    java.add(BoundedHeapIT.class.getName());
    java.add(base);
    java.add(operation.name());
    java.add(Long.toString(b));
    Process child = new ProcessBuilder(java).redirectErrorStream(true).redirectOutput(log).start();
    boolean ended = child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    if (!ended) {
      child.destroyForcibly();
      child.waitFor(60, TimeUnit.SECONDS);
    }
    String output = Files.readString(log.toPath(), StandardCharsets.UTF_8);
    assertThat(
        operation + " ended within " + CHILD_TIMEOUT_SECONDS + " s; its output: " + tail(output),
        ended,
        is(true));
    assertThat(
        operation + " exited 0 at " + HEAP + "; its output: " + tail(output),
        child.exitValue(),
        is(0));
    assertThat(output, containsString("BoundedHeapIT write done"));
    return output;
  }

  private static String tail(String output) {
    return output.length() <= 20_000 ? output : output.substring(output.length() - 20_000);
  }

  /** The child: {@code <base path> <operation> <batch>}, a write of {@value #RECORDS} records. */
  public static void main(String[] args) {
    String base = args[0];
    WriteOperation operation = WriteOperation.valueOf(args[1]);
    long b = Long.parseLong(args[2]);
    Pipeline p = Pipeline.create(FlinkRunnerWriteIT.flinkOptions(0));
    p.apply(GenerateSequence.from(0).to(RECORDS))
        .apply(MapElements.into(TypeDescriptors.rows()).via((Long i) -> TripsRows.of(record(b, i))))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(
            HudiIO.write()
                .withBasePath(base)
                .withTableName(TripsData.TABLE_NAME)
                .withRecordKeyFields(TripsData.RECORD_KEY_FIELD)
                .withPartitionFields(TripsData.PARTITION_FIELD)
                .withOrderingField(TripsData.ORDERING_FIELD)
                .withOperation(operation)
                // One new file group for all the inserts (Hudi sizes the first write's file groups
                // with this estimate; 64 bytes a record fill 120 MiB with about 1.9M records).
                .withHoodieProperties(Map.of("hoodie.copyonwrite.record.size.estimate", "64")));
    p.run().waitUntilFinish();
    System.out.println("BoundedHeapIT write done");
    System.exit(0);
  }
}
