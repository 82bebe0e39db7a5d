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
package io.hudibeam.commit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.InvalidTableConfigException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineLayout;
import io.hudibeam.timeline.TimelineWriter;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Table version 8 in the commit layer, without Hudi: the timeline goes to {@code .hoodie/timeline},
 * completed instants carry monotonic completion times, commit metadata is Avro; and each refusal
 * (table version 8 features this writer cannot keep consistent, an upgrade request) has its
 * message. Hudi 1.0 reading these tables is proven in compat-hudi1 ({@code
 * Hudi1TableVersionEightTest}).
 */
public class TableVersionEightTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;
  private LocalWrite writer;

  @Before
  public void setUp() throws Exception {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.newFolder("trips").getAbsolutePath());
    writer = LocalWrite.trips(paths.basePathString());
  }

  private static TableConfig tripsTable(TableVersion version, TableType type) {
    return TableConfig.newTable("trips", type)
        .tableVersion(version)
        .recordKeyFields(List.of("uuid"))
        .partitionFields(List.of("city"))
        .orderingField("ts")
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .createSchema(TripsData.SCHEMA.toString())
        .build();
  }

  private InstantTime commit(TableVersion requested, int batch, int from, int to) {
    StartedInstant started =
        new InstantStarter(fs, paths, Clock.systemUTC())
            .start(tripsTable(requested, TableType.COPY_ON_WRITE), Action.COMMIT);
    CommitMetadata.Builder metadata =
        CommitMetadata.builder()
            .operationType(OperationType.UPSERT)
            .schema(TripsData.SCHEMA.toString());
    for (WriteStat stat : writer.writeUpserts(started, TripsData.batch(batch, from, to - from))) {
      metadata.addWriteStat(stat);
    }
    assertThat(
        new InstantCommitter(fs, paths)
            .commit(started.instantTime(), Action.COMMIT, metadata.build()),
        is(CommitOutcome.COMMITTED));
    return started.instantTime();
  }

  @Test
  public void writesTheTimelineInLayoutTwo() throws Exception {
    InstantTime t1 = commit(TableVersion.EIGHT, 0, 0, 20);
    InstantTime t2 =
        commit(TableVersion.SIX, 1, 10, 30); // 6 is the default for new tables: the table's 8 stays

    assertThat(new TableConfigStore(fs, paths).load().version(), is(TableVersion.EIGHT));
    assertThat(TimelineLayout.of(fs, paths).tableVersion(), is(TableVersion.EIGHT));
    File timelineFolder = new File(paths.basePathString(), ".hoodie/timeline");
    String[] inMetaFolder =
        new File(paths.basePathString(), ".hoodie").list((d, n) -> n.startsWith(t1.value()));
    assertThat(inMetaFolder.length, is(0));
    List<Instant> completed = Timeline.load(fs, paths).completed().instants();
    assertThat(completed.size(), is(2));
    InstantTime previousCompletion = null;
    for (Instant instant : completed) {
      InstantTime completion = instant.completionTime().orElseThrow();
      assertThat(completion.compareTo(instant.time()), greaterThan(0));
      if (previousCompletion != null) {
        assertThat(completion.compareTo(previousCompletion), greaterThan(0));
      }
      previousCompletion = completion;
      assertThat(
          new File(timelineFolder, instant.time() + "_" + completion + ".commit").isFile(),
          is(true));
      assertThat(new File(timelineFolder, instant.time() + ".commit.requested").isFile(), is(true));
      File inflight = new File(timelineFolder, instant.time() + ".inflight");
      assertThat(inflight.isFile(), is(true));
      byte[] content = new TimelineWriter(fs, paths).read(instant);
      assertThat(CommitMetadataFormat.isAvro(content), is(true));
      assertThat(
          CommitMetadataFormat.decode(content, instant.fileName()).schema().orElseThrow(),
          is(TripsData.SCHEMA.toString()));
    }
    // The second instant was minted after the first one's completion time.
    assertThat(t2.compareTo(completed.get(0).completionTime().orElseThrow()), greaterThan(0));
    // Completing an already completed instant is refused, not written twice under a new completion
    // time.
    Instant first = completed.get(0);
    assertThrows(
        RuntimeException.class,
        () ->
            new TimelineWriter(fs, paths)
                .complete(Instant.inflight(first.time(), Action.COMMIT), new byte[0]));
    assertThat(Timeline.load(fs, paths).completed().size(), is(2));
  }

  @Test
  public void startsADeltaCommitOfAMergeOnReadTableOnVersionEight() {
    InstantTime started =
        new InstantStarter(fs, paths, Clock.systemUTC())
            .start(tripsTable(TableVersion.EIGHT, TableType.MERGE_ON_READ), Action.DELTA_COMMIT)
            .instantTime();
    TableConfig config = new TableConfigStore(fs, paths).load();
    assertThat(config.version(), is(TableVersion.EIGHT));
    assertThat(config.tableType(), is(TableType.MERGE_ON_READ));
    assertThat(
        new File(
                paths.basePathString(),
                ".hoodie/timeline/" + started.value() + ".deltacommit.requested")
            .isFile(),
        is(true));
  }

  @Test
  public void refusesToUpgradeAVersionSixTable() {
    commit(TableVersion.SIX, 0, 0, 5);
    InvalidTableConfigException e =
        assertThrows(InvalidTableConfigException.class, () -> commit(TableVersion.EIGHT, 1, 0, 5));
    assertThat(
        e.getMessage(),
        equalTo(
            "Table at "
                + paths
                + " has hoodie.table.version=6 but the write requested"
                + " table version 8: this writer does not upgrade tables. Write it as version 6 (the default), or upgrade"
                + " it with Hudi 1.x's writer (hoodie.write.auto.upgrade=true) first"));
    assertThat(Timeline.load(fs, paths).size(), is(1));
  }

  @Test
  public void refusesSecondaryAndExpressionIndexDefinitionsOnVersionEight() throws Exception {
    commit(TableVersion.EIGHT, 0, 0, 5);
    for (String index : List.of("secondary_index_idx_rider", "expr_index_idx_day", "my_index")) {
      java.nio.file.Path defs = writeIndexDefinitions("\"column_stats\":{}, \"" + index + "\":{}");
      InvalidTableConfigException e =
          assertThrows(
              InvalidTableConfigException.class, () -> commit(TableVersion.EIGHT, 1, 0, 5));
      String file = new org.apache.hadoop.fs.Path(defs.toUri()).toString();
      assertThat(
          e.getMessage(),
          equalTo(
              "Table at "
                  + paths
                  + " declares the index "
                  + index
                  + " in "
                  + file
                  + ", a secondary or expression index (or one this writer does not know; it accepts"
                  + " only the metadata table's own [files, column_stats, partition_stats,"
                  + " bloom_filters, record_index]): Hudi"
                  + " 1.x keeps it in the metadata table, which this writer does not maintain, so its"
                  + " writes would leave it stale and queries using it would miss rows. Drop the"
                  + " index with Hudi (DROP INDEX), or write this table with Hudi 1.x. Nothing was"
                  + " written"));
      assertThat(Timeline.load(fs, paths).size(), is(1));
    }
  }

  /**
   * Hudi 1.0.2's Spark writer declares its column_stats index on every new table (with the metadata
   * table on, its default): that definition goes with the metadata table, so the table stays
   * writable.
   */
  @Test
  public void allowsTheMetadataTableIndexDefinitionsHudiSparkDeclares() throws Exception {
    commit(TableVersion.EIGHT, 0, 0, 5);
    writeIndexDefinitions(
        "\"column_stats\" : {\"indexName\" : \"column_stats\", \"indexType\" : \"column_stats\","
            + " \"indexFunction\" : \"column_stats\", \"sourceFields\" : [ \"uuid\", \"ts\" ],"
            + " \"indexOptions\" : { } }");
    commit(TableVersion.EIGHT, 1, 0, 5);
    assertThat(Timeline.load(fs, paths).size(), is(2));
  }

  @Test
  public void refusesUnreadableIndexDefinitions() throws Exception {
    commit(TableVersion.EIGHT, 0, 0, 5);
    java.nio.file.Path defs =
        Paths.get(paths.basePathString(), ".hoodie", ".index_defs", "index.json");
    Files.createDirectories(defs.getParent());
    // HudiIO's initialisation of column_stats wrote the file through Hadoop's local file system,
    // which keeps a checksum beside it; a rewrite by another tool leaves none.
    Files.deleteIfExists(defs.resolveSibling(".index.json.crc"));
    Files.write(defs, "{\"indexes\":[]}".getBytes(StandardCharsets.UTF_8));
    InvalidTableConfigException e =
        assertThrows(InvalidTableConfigException.class, () -> commit(TableVersion.EIGHT, 1, 0, 5));
    assertThat(
        e.getMessage(),
        equalTo(
            "The index definitions in "
                + new org.apache.hadoop.fs.Path(defs.toUri())
                + " have no indexDefinitions object (Hudi 1.x's HoodieIndexMetadata JSON was"
                + " expected). Nothing was written"));
  }

  private java.nio.file.Path writeIndexDefinitions(String entries) throws Exception {
    java.nio.file.Path defs =
        Paths.get(paths.basePathString(), ".hoodie", ".index_defs", "index.json");
    Files.createDirectories(defs.getParent());
    Files.deleteIfExists(defs.resolveSibling(".index.json.crc")); // see above
    Files.write(
        defs, ("{\"indexDefinitions\":{" + entries + "}}").getBytes(StandardCharsets.UTF_8));
    return defs;
  }

  @Test
  public void refusesCustomMergeModeOnVersionEight() {
    commit(TableVersion.EIGHT, 0, 0, 5);
    new TableConfigStore(fs, paths).update(c -> c.with("hoodie.record.merge.mode", "CUSTOM"));
    InvalidTableConfigException e =
        assertThrows(InvalidTableConfigException.class, () -> commit(TableVersion.EIGHT, 1, 0, 5));
    assertThat(
        e.getMessage(),
        equalTo(
            "Table at "
                + paths
                + " has hoodie.record.merge.mode=CUSTOM: this writer"
                + " merges records by the ordering field only (EVENT_TIME_ORDERING or COMMIT_TIME_ORDERING) and cannot apply"
                + " a custom record merger. Write this table with Hudi 1.x"));
    assertThat(Timeline.load(fs, paths).size(), is(1));
  }
}
