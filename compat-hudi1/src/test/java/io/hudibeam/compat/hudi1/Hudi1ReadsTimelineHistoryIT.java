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
package io.hudibeam.compat.hudi1;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

import io.hudibeam.HudiIO;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.log.InstantRange;
import org.apache.hudi.common.table.read.IncrementalQueryAnalyzer;
import org.apache.hudi.common.table.timeline.HoodieArchivedTimeline;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.view.FileSystemViewManager;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO archives a table version 8 table into the LSM timeline history, and Hudi 1.0's readers
 * load it: many small commits with keep.min/max 2/3 and automatic cleaning; Hudi 1.0's meta client
 * sees at most keep.max completed commits on the active timeline, its archived timeline ({@code
 * ArchivedTimelineV2}, reading our {@code _version_}, manifest and Parquet files) lists every
 * archived commit and clean with the completion time and action it had on the active timeline, the
 * commit metadata there deserializes to the same write stats, an incremental query from an archived
 * commit's completion time plans every later commit, and the snapshot is exact row by row, with ten
 * level-0 history files compacted into one of level 1 on the way. The format byte for byte: {@code
 * commit} {@code TimelineHistoryTest}.
 */
public class Hudi1ReadsTimelineHistoryIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final List<String> CITIES = List.of("amsterdam", "lisbon", "oslo");
  private static final Schema SCHEMA =
      SchemaBuilder.record("rides_record")
          .namespace("hoodie.rides")
          .fields()
          .requiredString("uuid")
          .requiredLong("ts")
          .optionalString("rider")
          .requiredString("city")
          .endRecord();
  // The metadata table (on by default) compacts at every write, so it does not hold archival back
  // (Hudi archives only before its last compaction).
  private static final Map<String, String> ARCHIVE_EARLY =
      Map.of(
          "hoodie.keep.min.commits", "2",
          "hoodie.keep.max.commits", "3",
          "hoodie.cleaner.commits.retained", "1",
          "hoodie.metadata.compact.max.delta.commits", "1");

  private final Configuration conf = new Configuration();

  private static GenericRecord ride(int b, int i) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("uuid", String.format("ride-%04d", i));
    r.put("ts", 1_700_000_000_000L + 1000L * b + i);
    r.put("rider", "rider-" + b + "-" + i);
    r.put("city", CITIES.get(i % CITIES.size()));
    return r;
  }

  private static void run(String base, List<GenericRecord> records) {
    run(base, records, ARCHIVE_EARLY);
  }

  private static void run(String base, List<GenericRecord> records, Map<String, String> props) {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    Pipeline p = Pipeline.create(options);
    p.apply(Create.of(records).withCoder(AvroCoder.of(SCHEMA)))
        .apply(
            HudiIO.writeGenericRecords()
                .withBasePath(base)
                .withTableName("rides")
                .withRecordKeyFields("uuid")
                .withPartitionFields("city")
                .withOrderingField("ts")
                .withOperation(WriteOperation.UPSERT)
                .withTableVersion(8)
                .withHoodieProperties(props));
    p.run().waitUntilFinish();
  }

  private HoodieTableMetaClient meta(String base) {
    return HoodieTableMetaClient.builder()
        .setConf(HadoopFSUtils.getStorageConfWithCopy(conf))
        .setBasePath(base)
        .build();
  }

  /** An instant as Hudi sees it, with the write stats of its commit metadata (if a commit). */
  private static String describe(HoodieTableMetaClient meta, HoodieInstant instant, byte[] details)
      throws Exception {
    StringBuilder out =
        new StringBuilder(
            instant.requestedTime()
                + "_"
                + instant.getCompletionTime()
                + "."
                + instant.getAction());
    if (instant.getAction().equals(HoodieTimeline.COMMIT_ACTION)) {
      HoodieCommitMetadata metadata =
          meta.getCommitMetadataSerDe().deserialize(instant, details, HoodieCommitMetadata.class);
      out.append(" ").append(metadata.getOperationType());
      List<String> stats = new ArrayList<>();
      for (HoodieWriteStat s : metadata.getWriteStats()) {
        stats.add(
            String.join(
                ",",
                s.getPartitionPath(),
                s.getFileId(),
                s.getPath(),
                s.getPrevCommit(),
                String.valueOf(s.getNumWrites()),
                String.valueOf(s.getNumInserts()),
                String.valueOf(s.getNumUpdateWrites()),
                String.valueOf(s.getFileSizeInBytes())));
      }
      stats.sort(null);
      out.append(" ").append(stats);
    }
    return out.toString();
  }

  @Test
  public void hudiOneLoadsTheHistoryHudiIOArchived() throws Exception {
    String base = tmp.newFolder("rides").getAbsolutePath();
    Map<String, String> everCompleted = new TreeMap<>(); // requested time -> description
    Map<String, List<Object>> expected = new TreeMap<>();
    List<String> commitTimes = new ArrayList<>();
    for (int b = 0; b < 24; b++) {
      List<GenericRecord> batch = new ArrayList<>();
      for (int i = 3 * b; i < 3 * b + 5; i++) {
        batch.add(ride(b, i));
      }
      run(base, batch);
      HoodieTableMetaClient meta = meta(base);
      HoodieTimeline active = meta.getActiveTimeline().filterCompletedInstants();
      for (HoodieInstant i : active.getInstants()) {
        everCompleted.put(
            i.requestedTime(), describe(meta, i, active.getInstantDetails(i).orElse(null)));
      }
      String commit =
          meta.getActiveTimeline().getCommitsTimeline().lastInstant().get().requestedTime();
      commitTimes.add(commit);
      for (GenericRecord r : batch) {
        expected.put(
            r.get("uuid").toString(),
            Arrays.asList(r.get("ts"), r.get("rider").toString(), r.get("city"), commit));
      }
      assertThat(
          meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants().countInstants(),
          lessThanOrEqualTo(3));
    }

    HoodieTableMetaClient meta = meta(base);
    assertThat(new File(base, ".hoodie/timeline/history/_version_").isFile(), is(true));
    // Ten archive runs wrote ten level-0 files: HudiIO compacted them into one of level 1, which
    // Hudi reads with the rest.
    String[] historyFiles = new File(base, ".hoodie/timeline/history").list();
    assertThat(
        Arrays.toString(historyFiles),
        Arrays.stream(historyFiles).anyMatch(n -> n.endsWith("_1.parquet")),
        is(true));
    HoodieArchivedTimeline archived = meta.getArchivedTimeline();
    archived.loadCompletedInstantDetailsInMemory();
    List<HoodieInstant> archivedInstants = archived.getInstants();
    Map<String, String> activeNow = new HashMap<>();
    for (HoodieInstant i : meta.getActiveTimeline().getInstants()) {
      activeNow.put(i.requestedTime(), i.getAction());
    }
    // Every instant ever completed is either still active or in the history, never both.
    assertThat(archivedInstants.size() + activeNow.size(), is(everCompleted.size()));
    List<String> archivedActions = new ArrayList<>();
    for (HoodieInstant i : archivedInstants) {
      assertThat(i.isCompleted(), is(true));
      assertThat(activeNow.containsKey(i.requestedTime()), is(false));
      byte[] details =
          i.getAction().equals(HoodieTimeline.COMMIT_ACTION)
              ? archived.getInstantDetails(i).get()
              : null;
      assertThat(describe(meta, i, details), is(everCompleted.get(i.requestedTime())));
      archivedActions.add(i.getAction());
    }
    // 24 commits, three at most stay: 21 or more archived, and the cleans before them.
    assertThat(
        archivedActions.stream().filter(HoodieTimeline.COMMIT_ACTION::equals).count(),
        greaterThan(20L));
    assertThat(archivedActions, hasItem(HoodieTimeline.CLEAN_ACTION));
    assertThat(archivedInstants.get(0).requestedTime(), is(commitTimes.get(0)));

    // The snapshot, row by row.
    assertThat(snapshotRows(meta), is(expected));

    // An incremental query from the first commit's completion time (archived): Hudi 1.0 plans
    // every later commit, archived and active, by completion time.
    String firstCompletion = archivedInstants.get(0).getCompletionTime();
    IncrementalQueryAnalyzer.QueryContext query =
        IncrementalQueryAnalyzer.builder()
            .metaClient(meta)
            .startCompletionTime(firstCompletion)
            .rangeType(InstantRange.RangeType.OPEN_CLOSED)
            .build()
            .analyze();
    assertThat(
        query.getInstantTimeList().stream().sorted().collect(Collectors.toList()),
        is(commitTimes.subList(1, commitTimes.size())));
    assertThat(query.getArchivedInstants().isEmpty(), is(false));
  }

  /**
   * A crash between writing the history and deleting the instants: the oldest commits are in both.
   * Hudi 1.0 reads that table right (its archived timeline is a map by instant time, the active
   * timeline has them as well), and HudiIO's next archive run deletes them from the active one.
   */
  @Test
  public void aCrashBetweenHistoryAndDeletesReadsRightAndIsFinished() throws Exception {
    String base = tmp.newFolder("crash").getAbsolutePath();
    Map<String, String> noArchival = new HashMap<>(ARCHIVE_EARLY);
    noArchival.put("hoodie.archive.automatic", "false");
    Map<String, List<Object>> expected = new TreeMap<>();
    List<String> commitTimes = new ArrayList<>();
    for (int b = 0; b < 5; b++) {
      List<GenericRecord> batch = new ArrayList<>();
      for (int i = 3 * b; i < 3 * b + 5; i++) {
        batch.add(ride(b, i));
      }
      run(base, batch, noArchival);
      String commit =
          meta(base).getActiveTimeline().getCommitsTimeline().lastInstant().get().requestedTime();
      commitTimes.add(commit);
      for (GenericRecord r : batch) {
        expected.put(
            r.get("uuid").toString(),
            Arrays.asList(r.get("ts"), r.get("rider").toString(), r.get("city"), commit));
      }
    }
    // What HudiIO's archiver selects now, written to the history with our own writer, nothing
    // deleted: the state a crash right after the _version_ file leaves.
    org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.getLocal(conf);
    io.hudibeam.table.TablePaths paths = io.hudibeam.table.TablePaths.of(base);
    io.hudibeam.timeline.TimelineWriter timelineWriter =
        new io.hudibeam.timeline.TimelineWriter(fs, paths);
    List<io.hudibeam.timeline.HistoryEntry> entries = new ArrayList<>();
    for (io.hudibeam.timeline.Instant i :
        io.hudibeam.timeline.Timeline.load(fs, paths).completedWriteTimeline().instants()) {
      if (entries.size() < 3) {
        entries.add(
            new io.hudibeam.timeline.HistoryEntry(
                i.time(),
                i.action(),
                i.completionTime().orElseThrow(),
                timelineWriter.read(i),
                null));
      }
    }
    new io.hudibeam.timeline.TimelineHistory(fs, paths).append(entries);

    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getArchivedTimeline().countInstants(), is(3));
    assertThat(meta.getActiveTimeline().getCommitsTimeline().countInstants(), is(5));
    assertThat(snapshotRows(meta), is(expected));
    IncrementalQueryAnalyzer.QueryContext query =
        IncrementalQueryAnalyzer.builder()
            .metaClient(meta)
            .startCompletionTime("000")
            .rangeType(InstantRange.RangeType.OPEN_CLOSED)
            .build()
            .analyze();
    assertThat(query.getInstantTimeList(), is(commitTimes));

    // The next run (with archival) finishes: nothing in both places, nothing lost.
    List<GenericRecord> last = List.of(ride(5, 0));
    run(base, last);
    commitTimes.add(
        meta(base).getActiveTimeline().getCommitsTimeline().lastInstant().get().requestedTime());
    meta = meta(base);
    List<String> archived =
        meta.getArchivedTimeline().getCommitsTimeline().getInstants().stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toList());
    List<String> active =
        meta.getActiveTimeline().getCommitsTimeline().getInstants().stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toList());
    assertThat(active.size(), lessThanOrEqualTo(3));
    List<String> all = new ArrayList<>(archived);
    all.addAll(active);
    assertThat(all, is(commitTimes));
  }

  private Map<String, List<Object>> snapshotRows(HoodieTableMetaClient meta) throws Exception {
    HudiOneCommits reader = new HudiOneCommits(meta, SCHEMA);
    Map<String, List<Object>> rows = new TreeMap<>();
    try (HoodieTableFileSystemView view =
        FileSystemViewManager.createInMemoryFileSystemView(
            new HoodieLocalEngineContext(meta.getStorageConf()),
            meta,
            HoodieMetadataConfig.newBuilder().enable(false).build())) {
      for (String partition : CITIES) {
        for (HoodieBaseFile file :
            view.getLatestBaseFiles(partition).collect(Collectors.toList())) {
          for (Map.Entry<String, GenericRecord> e : reader.read(file).entrySet()) {
            GenericRecord r = e.getValue();
            Object previous =
                rows.put(
                    e.getKey(),
                    Arrays.asList(
                        r.get("ts"),
                        r.get("rider").toString(),
                        r.get("city").toString(),
                        r.get(HoodieRecord.COMMIT_TIME_METADATA_FIELD).toString()));
            assertThat("duplicate " + e.getKey(), previous == null, is(true));
          }
        }
      }
    }
    return rows;
  }
}
