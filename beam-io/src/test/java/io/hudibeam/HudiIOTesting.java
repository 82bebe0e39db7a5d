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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.runners.TransformHierarchy;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.FlatMapElements;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;

/** Helpers shared by the HudiIO round-trip tests: pipelines, Hudi-side views and checks. */
final class HudiIOTesting {

  /** Visits every step of the pipeline, composite and primitive, in graph order. */
  static void forEachStep(Pipeline p, Consumer<TransformHierarchy.Node> visit) {
    p.traverseTopologically(
        new Pipeline.PipelineVisitor.Defaults() {
          @Override
          public CompositeBehavior enterCompositeTransform(TransformHierarchy.Node node) {
            visit.accept(node);
            return CompositeBehavior.ENTER_TRANSFORM;
          }

          @Override
          public void visitPrimitiveTransform(TransformHierarchy.Node node) {
            visit.accept(node);
          }
        });
  }

  static final String COMMIT_TIME = "_hoodie_commit_time";
  static final String SEQNO = "_hoodie_commit_seqno";
  static final String RECORD_KEY = "_hoodie_record_key";
  static final String PARTITION_PATH = "_hoodie_partition_path";
  static final String FILE_NAME = "_hoodie_file_name";

  private static final Pattern BASE_FILE =
      Pattern.compile("([0-9a-f-]+-\\d+)_(\\d+)-(\\d+)-(\\d+)_(\\d{17})\\.parquet");

  private HudiIOTesting() {}

  /** A DirectRunner pipeline. */
  static Pipeline pipeline(int targetParallelism) {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(targetParallelism);
    return Pipeline.create(options);
  }

  /**
   * {@code rows} as one bundle: the DirectRunner reads a {@code Create} in bundles of one or two
   * elements, but keeps the output of one element's bundle together, so one list is created and
   * flattened.
   */
  static PCollection<Row> oneBundle(Pipeline p, List<Row> rows, Schema schema) {
    return p.apply(
            "Create one list",
            Create.of(List.of(rows)).withCoder(ListCoder.of(RowCoder.of(schema))))
        .apply(
            "Flatten the list",
            FlatMapElements.into(TypeDescriptors.rows()).via((List<Row> l) -> l))
        .setRowSchema(schema);
  }

  /** The snapshot read by Hudi, as record key → records (several when inserts left duplicates). */
  static Map<String, List<GenericRecord>> snapshotByKey(HudiTableReader reader) {
    Map<String, List<GenericRecord>> out = new TreeMap<>();
    for (GenericRecord r : reader.snapshot()) {
      out.computeIfAbsent(HudiTableReader.string(r, RECORD_KEY), k -> new ArrayList<>()).add(r);
    }
    return out;
  }

  /** The trips values of each record, sorted by their text, for comparing multisets. */
  static List<String> tripsValues(List<GenericRecord> records) {
    List<String> out = new ArrayList<>();
    for (GenericRecord r : records) {
      out.add(TripsData.values(r).toString());
    }
    out.sort(null);
    return out;
  }

  /**
   * Every row of the snapshot as {@code key|partition|values}, sorted: a table's content as a
   * multiset.
   */
  static List<String> content(HudiTableReader reader) {
    List<String> out = new ArrayList<>();
    for (GenericRecord r : reader.snapshot()) {
      out.add(
          HudiTableReader.string(r, RECORD_KEY)
              + "|"
              + HudiTableReader.string(r, PARTITION_PATH)
              + "|"
              + TripsData.values(r));
    }
    out.sort(null);
    return out;
  }

  /**
   * Checks the meta fields of every record of every latest base file, read by Hudi: {@code
   * _hoodie_file_name} is the file's name, {@code _hoodie_partition_path} its partition, the commit
   * time a completed instant no later than the file's, and the records this file's instant wrote
   * carry sequence numbers {@code <instant>_<task partition of the write token>_<n>}, n distinct
   * and below the file's record count (0 to count-1 for a file of new records only). Returns the
   * number of base files per partition.
   */
  static Map<String, Integer> checkMetaFields(HudiTableReader reader) {
    List<String> completed = reader.completedInstantTimes();
    Map<String, Integer> filesPerPartition = new TreeMap<>();
    for (FileSlice slice : reader.latestFileSlices()) {
      String name = slice.getBaseFile().get().getFileName();
      Matcher m = BASE_FILE.matcher(name);
      assertThat(name, m.matches(), is(true));
      String fileInstant = m.group(5);
      String taskPartition = m.group(2);
      filesPerPartition.merge(slice.getPartitionPath(), 1, Integer::sum);
      List<Long> sequence = new ArrayList<>();
      List<GenericRecord> records = reader.readBaseFile(slice.getBaseFile().get().getPath());
      for (GenericRecord r : records) {
        assertThat(HudiTableReader.string(r, FILE_NAME), is(name));
        assertThat(HudiTableReader.string(r, PARTITION_PATH), is(slice.getPartitionPath()));
        String commitTime = HudiTableReader.string(r, COMMIT_TIME);
        assertThat(completed.contains(commitTime), is(true));
        assertThat(commitTime.compareTo(fileInstant) <= 0, is(true));
        String seqno = HudiTableReader.string(r, SEQNO);
        if (commitTime.equals(fileInstant)) {
          String prefix = fileInstant + "_" + taskPartition + "_";
          assertThat(seqno, seqno.startsWith(prefix), is(true));
          sequence.add(Long.parseLong(seqno.substring(prefix.length())));
        } else {
          assertThat(seqno, seqno.startsWith(commitTime + "_"), is(true));
        }
      }
      // As Hudi's HoodieAvroParquetWriter: n is the number of records already in the file.
      sequence.sort(null);
      for (int n = 0; n < sequence.size(); n++) {
        assertThat(
            name + " sequence numbers " + sequence, sequence.get(n) < records.size(), is(true));
        if (n > 0) {
          assertThat(
              name + " sequence numbers " + sequence,
              sequence.get(n) > sequence.get(n - 1),
              is(true));
        }
      }
      if (!records.isEmpty() && sequence.size() == records.size()) {
        assertThat(
            name + " sequence numbers " + sequence,
            sequence.get(sequence.size() - 1),
            is((long) records.size() - 1));
      }
    }
    return filesPerPartition;
  }

  /** The commit metadata of a completed instant, parsed by Hudi. */
  static HoodieCommitMetadata commitMetadata(HudiTableReader reader, String instantTime) {
    HoodieTableMetaClient meta = reader.metaClient();
    HoodieTimeline timeline = meta.getCommitsTimeline().filterCompletedInstants();
    HoodieInstant instant =
        timeline
            .getInstantsAsStream()
            .filter(i -> i.getTimestamp().equals(instantTime))
            .findFirst()
            .get();
    try {
      return HoodieCommitMetadata.fromBytes(
          timeline.getInstantDetails(instant).get(), HoodieCommitMetadata.class);
    } catch (IOException e) {
      throw new AssertionError("Hudi cannot parse the commit metadata of " + instant, e);
    }
  }

  /** The last completed commit instant. */
  static String lastInstant(HudiTableReader reader) {
    List<String> instants = reader.completedInstantTimes();
    return instants.get(instants.size() - 1);
  }

  /**
   * Checks that the commit metadata Hudi reads for {@code instantTime} holds the counts: inserts,
   * updates, deletes and the number of write stats (files).
   */
  static void assertCommitCounts(
      HudiTableReader reader, String instantTime, ExpectedCommit expected) {
    HoodieCommitMetadata metadata = commitMetadata(reader, instantTime);
    assertThat(metadata.getOperationType().name(), is(expected.operation()));
    assertThat(metadata.fetchTotalInsertRecordsWritten(), is(expected.inserted()));
    assertThat(metadata.fetchTotalUpdateRecordsWritten(), is(expected.updated()));
    assertThat(metadata.getTotalRecordsDeleted(), is(expected.deleted()));
    assertThat((long) metadata.getWriteStats().size(), is(expected.files()));
  }

  /**
   * Hudi's snapshot holds exactly {@code size} records, among them those of {@code ranges}, row by
   * row.
   */
  static void assertRows(HudiTableReader reader, int size, TripsRange... ranges) {
    assertRows(reader.snapshotByRecordKey(), size, ranges);
  }

  /**
   * {@code rows} (by record key) are {@code size} records, among them each trip of {@code ranges}
   * with its batch's values, its commit time and its partition path.
   */
  static void assertRows(Map<String, GenericRecord> rows, int size, TripsRange... ranges) {
    assertThat(rows.size(), is(size));
    for (TripsRange range : ranges) {
      for (long i = range.from(); i < range.to(); i++) {
        GenericRecord row = rows.get(TripsData.key(i));
        assertThat(
            TripsData.key(i),
            TripsData.values(row),
            is(TripsData.values(TripsData.record(range.batch(), i))));
        assertThat(
            TripsData.key(i), HudiTableReader.string(row, COMMIT_TIME), is(range.commitTime()));
        assertThat(
            TripsData.key(i), HudiTableReader.string(row, PARTITION_PATH), is(TripsData.city(i)));
      }
    }
  }

  /** PAssert check: exactly one committed instant, with these counts. */
  static SerializableFunction<Iterable<HudiCommitInfo>, Void> committed(ExpectedCommit expected) {
    String operation = expected.operation();
    long inserted = expected.inserted();
    long updated = expected.updated();
    long deleted = expected.deleted();
    long files = expected.files();
    return all -> {
      List<HudiCommitInfo> list = new ArrayList<>();
      all.forEach(list::add);
      assertThat(list.toString(), list.size(), is(1));
      HudiCommitInfo c = list.get(0);
      assertThat(c.toString(), c.getOutcome(), is("COMMITTED"));
      assertThat(c.toString(), c.getInstantTime().matches("\\d{17}"), is(true));
      assertThat(c.toString(), c.getOperation(), is(operation));
      assertThat(c.toString(), c.getRecordsInserted(), is(inserted));
      assertThat(c.toString(), c.getRecordsUpdated(), is(updated));
      assertThat(c.toString(), c.getRecordsDeleted(), is(deleted));
      assertThat(c.toString(), c.getFilesWritten(), is(files));
      if (files > 0) {
        assertThat(c.toString(), c.getBytesWritten(), greaterThan(0L));
      }
      return null;
    };
  }

  /**
   * Ages the heartbeat of {@code instant}, written by a pipeline that has died, by 10 minutes, so
   * it has expired (Hudi's rule: 60 s x 2 by default) and the next write may roll the instant back.
   */
  static void expireHeartbeat(String base, String instant) {
    java.io.File heartbeat = new java.io.File(base, ".hoodie/.heartbeat/" + instant);
    assertThat(heartbeat + " exists", heartbeat.exists(), is(true));
    assertThat(heartbeat.setLastModified(System.currentTimeMillis() - 600_000), is(true));
  }

  /**
   * Waits (at most 60 s per thread) until every DirectRunner worker thread has ended: a failed
   * pipeline's executor is shut down, but the bundles it was running go on to their end.
   */
  static void awaitDirectRunnerWorkersGone() {
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("direct-runner-worker")) {
        try {
          t.join(60_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new AssertionError("interrupted while waiting for " + t.getName(), e);
        }
        assertThat(t.getName() + " ended within 60 s", t.isAlive(), is(false));
      }
    }
  }

  /** The messages of {@code t} and its causes, one per line. */
  static String messages(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append('\n');
    }
    return all.toString();
  }
}
