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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.runners.TransformHierarchy;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.Impulse;
import org.joda.time.Duration;
import org.junit.Test;

/**
 * The step names of HudiIO.write() in the pipeline graph, for each operation and index: they are
 * what users see in their runner's UI and metrics, so a rename must be deliberate and change this
 * test. Listed: every step of the write and its children (two levels), the index stage's steps
 * (three levels under "Tag locations") and the steps of its latest-base-files listing; the same for
 * a streaming write ({@link #streaming}), whose names a Flink savepoint depends on. The pipelines
 * are only built, not run.
 */
public class HudiIOStepNamesTest {
  private static final String WRITE = "Write trips";

  private static final List<String> START =
      List.of(
          "To Avro records",
          "To Avro records/Map",
          "Start instant",
          "Start instant/Impulse",
          "Start instant/Start",
          "Start instant/As side input",
          "Prepare records",
          "Prepare records/Generate keys",
          "Prepare records/No failed records");
  private static final List<String> DE_DUPLICATE =
      List.of(
          "Prepare records/Shard by record key",
          "Prepare records/Group shards",
          "Prepare records/De-duplicate");
  private static final List<String> PLAN_AND_WRITE =
      List.of(
          "Profile workload",
          "Profile workload/Count per bundle",
          "Profile workload/Profile workload",
          "Profile workload/Plan buckets",
          "Profile workload/As side input",
          "Assign buckets",
          "Assign buckets/Route",
          "Write file groups",
          "Write file groups/Target file groups",
          "Write file groups/Group by file group",
          "Write file groups/Write");
  private static final List<String> BULK_INSERT =
      List.of("Bulk insert files", "Bulk insert files/Write new file groups");
  private static final List<String> COMMIT =
      List.of(
          "Commit instant",
          "Commit instant/Gather write stats",
          "Commit instant/Commit",
          "Clean",
          "Clean/Clean",
          "Compact inline",
          "Compact inline/Compact",
          "Archive",
          "Archive/Archive",
          "Committed instants",
          "Committed instants/Map",
          "Failed records",
          "Failed records/Map",
          "No skipped intervals",
          "No skipped intervals/Impulse",
          "No skipped intervals/FlatMapElements");

  private static List<String> tagLocations(String index, String... steps) {
    List<String> names = new ArrayList<>(List.of("Tag locations", "Tag locations/" + index));
    for (String step : steps) {
      names.add("Tag locations/" + index + "/" + step);
    }
    return names;
  }

  private static final String[] JOIN = {
    "Key incoming records",
    "Key stored records",
    "Both sides",
    "Join keys",
    "Keep one per key and tag"
  };

  private static List<String> simpleIndex(String index) {
    List<String> steps =
        new ArrayList<>(List.of("Latest base files", "Spread base files", "Read stored keys"));
    steps.addAll(List.of(JOIN));
    return tagLocations(index, steps.toArray(String[]::new));
  }

  private static List<String> bloomIndex() {
    List<String> steps =
        new ArrayList<>(
            List.of(
                "Latest base files",
                "Base files",
                "Spread footers",
                "Read key ranges",
                "Key ranges",
                "Candidate files",
                "Group candidates by file",
                "Check bloom filters and keys"));
    steps.addAll(List.of(JOIN));
    return tagLocations("Bloom index", steps.toArray(String[]::new));
  }

  private static List<String> bucketIndex() {
    return tagLocations(
        "Bucket index",
        "Latest base files",
        "Base files",
        "Key by partition",
        "Base files by partition",
        "Tag by bucket");
  }

  @SafeVarargs
  private static List<String> concat(List<String>... parts) {
    return Stream.of(parts).flatMap(List::stream).collect(Collectors.toList());
  }

  private static Pipeline expand(WriteOperation operation, IndexType index) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(TripsRows.batch(0, 0, 1)).withRowSchema(TripsRows.SCHEMA))
        .apply(
            WRITE,
            HudiIO.write()
                .withBasePath("/never-written/trips")
                .withTableName("trips")
                .withRecordKeyFields("uuid")
                .withPartitionFields("city")
                .withOrderingField("ts")
                .withOperation(operation)
                .withIndex(index));
    return p;
  }

  /** The full names, relative to the write, of the steps the filter keeps, in graph order. */
  private static List<String> steps(Pipeline p, Predicate<TransformHierarchy.Node> keep) {
    List<String> names = new ArrayList<>();
    HudiIOTesting.forEachStep(
        p,
        node -> {
          if (node.getFullName().startsWith(WRITE + "/") && keep.test(node)) {
            names.add(node.getFullName().substring(WRITE.length() + 1));
          }
        });
    return names;
  }

  /** Steps of the write and their children; the index stage three levels deep. */
  private static List<String> stepNames(WriteOperation operation, IndexType index) {
    return steps(
        expand(operation, index),
        node -> {
          String relative = node.getFullName().substring(WRITE.length() + 1);
          int depth = relative.split("/").length;
          return depth <= 2 || (relative.startsWith("Tag locations/") && depth == 3);
        });
  }

  @Test
  public void insert() {
    List<String> insertOnly =
        concat(START, tagLocations("Insert-only index", "Tag as new"), PLAN_AND_WRITE, COMMIT);
    assertThat(stepNames(WriteOperation.INSERT, IndexType.SIMPLE), is(insertOnly));
    assertThat(stepNames(WriteOperation.INSERT, IndexType.GLOBAL_SIMPLE), is(insertOnly));
    assertThat(stepNames(WriteOperation.INSERT, IndexType.BLOOM), is(insertOnly));
    assertThat(
        stepNames(WriteOperation.INSERT, IndexType.BUCKET),
        is(concat(START, bucketIndex(), PLAN_AND_WRITE, COMMIT)));
  }

  @Test
  public void upsertAndDelete() {
    for (WriteOperation operation : List.of(WriteOperation.UPSERT, WriteOperation.DELETE)) {
      assertThat(
          operation.name(),
          stepNames(operation, IndexType.SIMPLE),
          is(concat(START, simpleIndex("Simple index"), PLAN_AND_WRITE, COMMIT)));
      assertThat(
          operation.name(),
          stepNames(operation, IndexType.GLOBAL_SIMPLE),
          is(concat(START, simpleIndex("Global simple index"), PLAN_AND_WRITE, COMMIT)));
      assertThat(
          operation.name(),
          stepNames(operation, IndexType.BLOOM),
          is(concat(START, bloomIndex(), PLAN_AND_WRITE, COMMIT)));
      // The bucket index de-duplicates before tagging.
      assertThat(
          operation.name(),
          stepNames(operation, IndexType.BUCKET),
          is(concat(START, DE_DUPLICATE, bucketIndex(), PLAN_AND_WRITE, COMMIT)));
    }
  }

  /**
   * Bulk insert skips the index, the profile and the shuffle: its step is not "Write file groups".
   */
  @Test
  public void bulkInsert() {
    for (IndexType index : List.of(IndexType.SIMPLE, IndexType.GLOBAL_SIMPLE, IndexType.BLOOM)) {
      assertThat(
          index.name(),
          stepNames(WriteOperation.BULK_INSERT, index),
          is(concat(START, BULK_INSERT, COMMIT)));
    }
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> expand(WriteOperation.BULK_INSERT, IndexType.BUCKET));
    assertThat(e.getMessage(), containsString("withIndex(BUCKET)"));
  }

  /**
   * The latest base files are listed once, from the records' touched partitions (every partition
   * for GLOBAL_SIMPLE); nothing in the index stage starts from an Impulse, so it can run per
   * window.
   */
  @Test
  public void latestBaseFilesDeriveFromTheRecords() {
    for (IndexType index : IndexType.values()) {
      Pipeline p = expand(WriteOperation.UPSERT, index);
      List<String> listing =
          steps(p, node -> node.getFullName().contains("/Latest base files/")).stream()
              .map(
                  name ->
                      name.substring(
                          name.indexOf("/Latest base files/") + "/Latest base files/".length()))
              .filter(name -> !name.contains("/"))
              .collect(Collectors.toList());
      String list =
          index == IndexType.GLOBAL_SIMPLE
              ? "List all latest base files"
              : "List latest base files";
      assertThat(
          index.name(),
          listing,
          is(List.of("Key ranges by partition", "Touched partitions", list)));
      assertThat(
          index.name(),
          steps(
              p,
              node ->
                  node.getFullName().startsWith(WRITE + "/Tag locations/")
                      && node.getTransform() instanceof Impulse),
          is(empty()));
      // The check sees an Impulse where there is one: the started instant's.
      assertThat(
          index.name(),
          steps(
              p,
              node ->
                  node.getTransform() instanceof Impulse
                      && node.getFullName().contains("/Start instant/")),
          is(List.of("Start instant/Impulse")));
    }
  }

  private static final List<String> STREAM_START =
      List.of(
          "To Avro records",
          "To Avro records/Map",
          "Commit intervals",
          "Commit intervals/Window.Assign",
          "Start instants",
          "Start instants/Count per bundle",
          "Start instants/Records per interval",
          "Start instants/Interval",
          "Start instants/Into the global window",
          "Start instants/Hold the end of input until committed",
          // Not on the FlinkRunner (no savepoint holds these two): the wait at the end of input.
          "Start instants/Wait until committed through the last interval",
          "Start instants/With the wait at the end of input",
          "Start instants/Coordinate",
          "Start instants/Back into commit intervals",
          "Decisions as side input",
          "Decisions as side input/IndexElements",
          "Decisions as side input/View.CreatePCollectionView",
          "Started instants",
          "Started instants/Started instants",
          "Started instant as side input",
          "Started instant as side input/Combine.GloballyAsSingletonView",
          "Skip committed intervals",
          "Skip committed intervals/Batch while waiting",
          "Skip committed intervals/Keep started intervals",
          "Skip committed intervals/Unbatch",
          "Prepare records",
          "Prepare records/Generate keys",
          "Prepare records/No failed records");

  /** In a stream the index join packs the incoming records per bundle and key shard. */
  private static final String[] STREAM_JOIN = {
    "Key incoming records by shard",
    "Pack incoming records per shard",
    "Incoming packs",
    "Key stored records",
    "Both sides",
    "Join key packs",
    "Keep one per key and tag"
  };

  private static List<String> streamSimpleIndex(String index) {
    List<String> steps =
        new ArrayList<>(List.of("Latest base files", "Spread base files", "Read stored keys"));
    steps.addAll(List.of(STREAM_JOIN));
    return tagLocations(index, steps.toArray(String[]::new));
  }

  private static List<String> streamBloomIndex() {
    List<String> steps =
        new ArrayList<>(
            List.of(
                "Latest base files",
                "Base files",
                "Spread footers",
                "Read key ranges",
                "Key ranges",
                "Candidate files",
                "Pack candidates per file",
                "Group candidate batches by file",
                "Check bloom filters and keys"));
    steps.addAll(List.of(STREAM_JOIN));
    return tagLocations("Bloom index", steps.toArray(String[]::new));
  }

  private static final List<String> STREAM_PLAN =
      List.of(
          "Profile workload",
          "Profile workload/Count per bundle",
          "Profile workload/Profile workload",
          "Profile workload/Plan buckets",
          "Profile workload/As side input",
          "Wait for the plan",
          "Wait for the plan/Batch while waiting",
          "Wait for the plan/Wait",
          "Wait for the plan/Unbatch",
          "Assign buckets",
          "Assign buckets/Route");

  /** Copy-on-write with an index that looks keys up: inserts are routed as they arrive. */
  private static final List<String> STREAM_ASSIGN_INSERTS =
      List.of(
          "Assign inserts",
          "Assign inserts/Batch inserts per partition",
          "Assign inserts/Into the global window",
          "Assign inserts/Assign inserts",
          "Assign inserts/Back into commit intervals",
          "Updates and inserts");

  private static final List<String> STREAM_WRITE_AND_COMMIT =
      List.of(
          "Write file groups",
          "Write file groups/Pack per file group",
          "Write file groups/Group by file group",
          "Write file groups/Write",
          "Commit instant",
          "Commit instant/Key write stats",
          "Commit instant/Key started instants",
          "Commit instant/Stats and instants",
          "Commit instant/Gather write stats per interval",
          "Commit instant/Commit",
          "Clean",
          "Clean/Clean",
          "Compact inline",
          "Compact inline/Compact",
          "Archive",
          "Archive/Archive",
          "Committed instants",
          "Committed instants/Map",
          "Failed records",
          "Failed records/Map",
          "Replayed intervals",
          "Replayed intervals/ParDo(Anonymous)",
          "Skipped intervals",
          "Skipped intervals/Map");

  private static Pipeline expandStream(TableType tableType, IndexType index) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(
            StreamingTesting.stream(
                TripsRows.SCHEMA, List.of(TripsRows.batch(0, 0, 1), TripsRows.batch(1, 0, 1))))
        .apply(
            WRITE,
            HudiIO.write()
                .withBasePath("/never-written/trips")
                .withTableName("trips")
                .withTableType(tableType)
                .withRecordKeyFields("uuid")
                .withPartitionFields("city")
                .withOrderingField("ts")
                .withIndex(index)
                .withTriggeringFrequency(Duration.standardSeconds(10)));
    return p;
  }

  /** The streaming write's steps, as {@link #stepNames} lists the batch write's. */
  private static List<String> streamingStepNames(TableType tableType, IndexType index) {
    return steps(
        expandStream(tableType, index),
        node -> {
          String relative = node.getFullName().substring(WRITE.length() + 1);
          int depth = relative.split("/").length;
          return depth <= 2 || (relative.startsWith("Tag locations/") && depth == 3);
        });
  }

  /**
   * The streaming write's steps (an upsert stream), for each table type and index. A Flink
   * savepoint maps its state to the steps by name, so a rename here breaks the restore of a running
   * stream from a savepoint taken before it.
   */
  @Test
  public void streaming() {
    for (TableType type : TableType.values()) {
      boolean insertsAsTheyArrive = type == TableType.COPY_ON_WRITE;
      List<String> routing =
          insertsAsTheyArrive ? concat(STREAM_PLAN, STREAM_ASSIGN_INSERTS) : STREAM_PLAN;
      String name = type.name();
      assertThat(
          name,
          streamingStepNames(type, IndexType.SIMPLE),
          is(
              concat(
                  STREAM_START,
                  streamSimpleIndex("Simple index"),
                  routing,
                  STREAM_WRITE_AND_COMMIT)));
      assertThat(
          name,
          streamingStepNames(type, IndexType.GLOBAL_SIMPLE),
          is(
              concat(
                  STREAM_START,
                  streamSimpleIndex("Global simple index"),
                  routing,
                  STREAM_WRITE_AND_COMMIT)));
      assertThat(
          name,
          streamingStepNames(type, IndexType.BLOOM),
          is(concat(STREAM_START, streamBloomIndex(), routing, STREAM_WRITE_AND_COMMIT)));
      // The bucket index routes every record by its key's hash: no insert assigner.
      assertThat(
          name,
          streamingStepNames(type, IndexType.BUCKET),
          is(
              concat(
                  STREAM_START,
                  DE_DUPLICATE,
                  bucketIndex(),
                  STREAM_PLAN,
                  STREAM_WRITE_AND_COMMIT)));
    }
  }
}
