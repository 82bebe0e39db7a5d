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
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.notNullValue;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.WriteToken;
import io.hudibeam.keygen.HoodieKey;
import io.hudibeam.keygen.KeyGenerator;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.services.CleanResult;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.Cleaner;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.CreateHandle;
import io.hudibeam.write.FileSizing;
import io.hudibeam.write.MergeHandle;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WorkloadProfile;
import io.hudibeam.write.WriteContext;
import io.hudibeam.write.WritePlan;
import io.hudibeam.write.WritePlanner;
import java.io.File;
import java.io.FileInputStream;
import java.io.InputStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.TableSchemaResolver;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.apache.hudi.common.table.view.FileSystemViewManager;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Table version 8 (timeline layout 2) against Hudi 1.0's own classes, both ways:
 *
 * <ul>
 *   <li>a v8 table created and written by Hudi 1.0 ({@link HudiOneCommits}: Hudi's table builder,
 *       timeline, time generator, commit-metadata serde and Parquet writer) is read by our code
 *       exactly as Hudi reads it (timeline with completion times, Avro commit metadata, latest base
 *       files);
 *   <li>our writer continues it (insert, upsert, a failed write rolled back, delete, clean) in v8
 *       form, Hudi 1.0's meta client, serde, file-system view and Parquet reader read the result
 *       row by row, and Hudi's writer classes continue it again;
 *   <li>a v8 table our writer creates carries the properties Hudi 1.0's table builder writes.
 * </ul>
 */
public class Hudi1TableVersionEightTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final List<String> CITIES = List.of("amsterdam", "lisbon", "oslo");
  private static final long TS_BASE = 1_700_000_000_000L;

  private static final Schema SCHEMA =
      SchemaBuilder.record("rides_record")
          .namespace("hoodie.rides")
          .fields()
          .requiredString("uuid")
          .requiredLong("ts")
          .optionalString("rider")
          .optionalDouble("fare")
          .optionalString("city")
          .endRecord();

  private static final List<String> DATA_FIELDS = List.of("uuid", "ts", "rider", "fare", "city");

  private final Configuration conf = new Configuration();
  private final KeyGenerator keys = KeyGenerator.of(KeyGeneratorConfig.simple("uuid", "city"));
  private FileSystem fs;
  private TablePaths paths;

  @Before
  public void setUp() throws Exception {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.newFolder("rides").getAbsolutePath());
  }

  private static String key(int i) {
    return String.format("ride-%04d", i);
  }

  private static String city(int i) {
    return CITIES.get(i % CITIES.size());
  }

  private static GenericRecord ride(int b, int i) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("uuid", key(i));
    r.put("ts", TS_BASE + 1000L * b + i);
    r.put("rider", i % 4 == 3 ? null : "rider-" + b + "-" + i);
    r.put("fare", i % 5 == 4 ? null : i * 1.25 + b);
    r.put("city", city(i));
    return r;
  }

  private static List<GenericRecord> rides(int b, int... indexes) {
    return Arrays.stream(indexes).mapToObj(i -> ride(b, i)).collect(Collectors.toList());
  }

  private static int[] range(int from, int to) {
    return IntStream.range(from, to).toArray();
  }

  private static TableConfig ridesTable(TableVersion version) {
    return TableConfig.newTable("rides", TableType.COPY_ON_WRITE)
        .tableVersion(version)
        .recordKeyFields(List.of("uuid"))
        .partitionFields(List.of("city"))
        .orderingField("ts")
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .createSchema(SCHEMA.toString())
        .build();
  }

  /** One write instant of our writer: start, tag, plan, write, and commit unless told not to. */
  private String write(
      List<GenericRecord> records,
      boolean delete,
      OperationType operation,
      boolean commit,
      TableVersion requestedVersion) {
    // No metadata table (on by default): HudiOneCommits writes with Hudi 1.0's classes, not its
    // write client, and updates none, so a metadata table would hide its commits from Hudi's
    // reader, which lists through it.
    StartedInstant started =
        new InstantStarter(fs, paths, Clock.systemUTC())
            .metadataTable(MetadataTableSettings.disabled())
            .start(ridesTable(requestedVersion), Action.COMMIT);
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    Map<String, RecordLocation> stored = new HashMap<>();
    Map<String, List<BaseFile>> latest = new HashMap<>();
    for (String partition : view.partitions()) {
      latest.put(partition, view.latestBaseFiles(partition));
      for (BaseFile file : view.latestBaseFiles(partition)) {
        for (String k :
            BaseFileReader.of(conf, new Path(base(), file.relativePath())).readRecordKeys()) {
          stored.put(
              k, RecordLocation.of(partition, file.name().fileId(), file.name().instantTime()));
        }
      }
    }
    WorkloadProfile profile = WorkloadProfile.empty();
    List<TableRecord> tableRecords = new ArrayList<>();
    for (GenericRecord record : records) {
      HoodieKey k = keys.keyOf(record);
      RecordLocation location = stored.get(k.recordKey());
      if (location != null || !delete) {
        profile = profile.plus(k.partitionPath(), location == null ? null : location.fileId());
        tableRecords.add(
            delete
                ? TableRecord.delete(k.recordKey(), k.partitionPath(), record)
                : TableRecord.upsert(k.recordKey(), k.partitionPath(), record));
      }
    }
    WritePlan plan =
        new WritePlanner(FileSizing.defaults(), UUID::randomUUID).plan(profile, latest, 1024, true);
    Map<Bucket, List<TableRecord>> routed = new HashMap<>();
    for (TableRecord r : tableRecords) {
      Bucket bucket =
          plan.route(
              r.partitionPath(), r.recordKey(), Optional.ofNullable(stored.get(r.recordKey())));
      routed.computeIfAbsent(bucket, b -> new ArrayList<>()).add(r);
    }
    WriteContext context =
        WriteContext.builder()
            .conf(conf)
            .fs(fs)
            .paths(paths)
            .instant(started.instantTime())
            .schema(SCHEMA)
            .parquet(ParquetSettings.defaults())
            .orderingField(OrderingField.of("ts"))
            .writeToken(WriteToken.of(0, 1, 1))
            .build();
    CommitMetadata.Builder metadata =
        CommitMetadata.builder().operationType(operation).schema(SCHEMA.toString());
    for (Map.Entry<Bucket, List<TableRecord>> e : routed.entrySet()) {
      WriteStat stat =
          e.getKey().baseFile().isPresent()
              ? new MergeHandle(context).write(e.getKey().baseFile().get(), e.getValue())
              : new CreateHandle(context).write(e.getKey().fileGroupId(), e.getValue());
      metadata.addWriteStat(stat.partitionPath(), stat);
    }
    if (commit) {
      assertThat(
          new InstantCommitter(fs, paths)
              .commit(started.instantTime(), Action.COMMIT, metadata.build()),
          is(CommitOutcome.COMMITTED));
    }
    return started.instantTime().value();
  }

  private String base() {
    return paths.basePathString();
  }

  private HoodieTableMetaClient metaClient() {
    return HoodieTableMetaClient.builder()
        .setConf(HadoopFSUtils.getStorageConfWithCopy(conf))
        .setBasePath(base())
        .build();
  }

  /** A v8 table created by Hudi 1.0's table builder, as its Spark writer creates one. */
  private HoodieTableMetaClient hudiCreatesTable() throws Exception {
    return HoodieTableMetaClient.newTableBuilder()
        .setTableType(HoodieTableType.COPY_ON_WRITE)
        .setTableName("rides")
        .setRecordKeyFields("uuid")
        .setPartitionFields("city")
        .setPreCombineField("ts")
        .setKeyGeneratorClassProp("org.apache.hudi.keygen.SimpleKeyGenerator")
        .setHiveStylePartitioningEnable(false)
        .setUrlEncodePartitioning(false)
        .setTableCreateSchema(SCHEMA.toString())
        .initTable(HadoopFSUtils.getStorageConfWithCopy(conf), base());
  }

  private static Map<String, GenericRecord> byKey(List<GenericRecord> records) {
    Map<String, GenericRecord> m = new LinkedHashMap<>();
    records.forEach(r -> m.put(r.get("uuid").toString(), r));
    return m;
  }

  private static Map<String, String> partitions(List<GenericRecord> records) {
    Map<String, String> m = new HashMap<>();
    records.forEach(r -> m.put(r.get("uuid").toString(), r.get("city").toString()));
    return m;
  }

  private static HoodieTableFileSystemView readerView(HoodieTableMetaClient meta) {
    HoodieMetadataConfig readerDefault =
        HoodieMetadataConfig.newBuilder()
            .enable(HoodieMetadataConfig.DEFAULT_METADATA_ENABLE_FOR_READERS)
            .build();
    return FileSystemViewManager.createInMemoryFileSystemView(
        new HoodieLocalEngineContext(meta.getStorageConf()), meta, readerDefault);
  }

  private Map<String, List<String>> ourLatestBaseFiles() {
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    Map<String, List<String>> files = new TreeMap<>();
    for (BaseFile file : view.latestBaseFiles()) {
      files.computeIfAbsent(file.partitionPath(), p -> new ArrayList<>()).add(file.name().value());
    }
    return files;
  }

  private static Map<String, List<String>> hudiLatestBaseFiles(HoodieTableMetaClient meta) {
    Map<String, List<String>> files = new TreeMap<>();
    try (HoodieTableFileSystemView view = readerView(meta)) {
      for (String partition : CITIES) {
        List<String> names =
            view.getLatestBaseFiles(partition)
                .map(HoodieBaseFile::getFileName)
                .sorted()
                .collect(Collectors.toList());
        if (!names.isEmpty()) {
          files.put(partition, names);
        }
      }
    }
    return files;
  }

  /**
   * Every row of the latest base files (or those on or before {@code asOf}), read by Hudi 1.0, by
   * record key.
   */
  private static Map<String, GenericRecord> readWithHudi(HoodieTableMetaClient meta, String asOf)
      throws Exception {
    HudiOneCommits reader = new HudiOneCommits(meta, SCHEMA);
    Map<String, GenericRecord> rows = new TreeMap<>();
    try (HoodieTableFileSystemView view = readerView(meta)) {
      for (String partition : CITIES) {
        List<HoodieBaseFile> files =
            (asOf == null
                    ? view.getLatestBaseFiles(partition)
                    : view.getLatestBaseFilesBeforeOrOn(partition, asOf))
                .collect(Collectors.toList());
        for (HoodieBaseFile file : files) {
          for (Map.Entry<String, GenericRecord> e : reader.read(file).entrySet()) {
            assertThat(
                e.getValue().get(HoodieRecord.FILENAME_METADATA_FIELD).toString(),
                is(file.getFileName()));
            assertThat(
                e.getValue().get(HoodieRecord.PARTITION_PATH_METADATA_FIELD).toString(),
                is(partition));
            assertThat(
                "duplicate key " + e.getKey(),
                rows.put(e.getKey(), e.getValue()) == null,
                is(true));
          }
        }
      }
    }
    return rows;
  }

  private static List<Object> dataValues(GenericRecord r) {
    List<Object> values = new ArrayList<>();
    for (String field : DATA_FIELDS) {
      Object v = r.get(field);
      values.add(v instanceof CharSequence ? v.toString() : v);
    }
    return values;
  }

  /**
   * Asserts the rows are exactly {@code expected} (key to batch, data) with the given commit times.
   */
  private static void assertRows(
      Map<String, GenericRecord> rows,
      Map<Integer, Integer> batchOf,
      Map<Integer, String> commitOf) {
    assertThat(
        rows.keySet(),
        containsInAnyOrder(
            batchOf.keySet().stream().map(Hudi1TableVersionEightTest::key).toArray()));
    for (Map.Entry<Integer, Integer> e : batchOf.entrySet()) {
      GenericRecord row = rows.get(key(e.getKey()));
      assertThat(key(e.getKey()), dataValues(row), is(dataValues(ride(e.getValue(), e.getKey()))));
      assertThat(
          key(e.getKey()),
          row.get(HoodieRecord.COMMIT_TIME_METADATA_FIELD).toString(),
          is(commitOf.get(e.getKey())));
    }
  }

  /** Hudi 1.0's active timeline as (time, action, state, completion time) rows. */
  private static List<List<String>> hudiTimeline(HoodieTableMetaClient meta) {
    return meta.reloadActiveTimeline().getInstants().stream()
        .map(
            i ->
                Arrays.asList(
                    i.requestedTime(),
                    i.getAction(),
                    i.getState().name(),
                    i.getCompletionTime(),
                    meta.getInstantFileNameGenerator().getFileName(i)))
        .collect(Collectors.toList());
  }

  private List<List<String>> ourTimeline() {
    return Timeline.load(fs, paths).instants().stream()
        .map(
            i ->
                Arrays.asList(
                    i.time().value(),
                    i.action().value(),
                    i.state().name(),
                    i.completionTime().map(Object::toString).orElse(null),
                    i.fileName()))
        .collect(Collectors.toList());
  }

  @Test
  public void weReadWhatHudiOneWrites() throws Exception {
    HoodieTableMetaClient meta = hudiCreatesTable();
    HudiOneCommits hudi = new HudiOneCommits(meta, SCHEMA);
    List<GenericRecord> first = rides(0, range(0, 9));
    String h1 = hudi.commit(byKey(first), Map.of(), partitions(first), WriteOperationType.INSERT);
    List<GenericRecord> second = rides(1, 0, 3, 4);
    String h2 = hudi.commit(byKey(second), Map.of(), partitions(second), WriteOperationType.UPSERT);

    // Hudi wrote timeline layout 2: the completed instants are T_C.commit in .hoodie/timeline.
    assertThat(meta.getTimelineLayoutVersion().getVersion(), is(2));
    List<Instant> ours = Timeline.load(fs, paths).instants();
    assertThat(ourTimeline(), is(hudiTimeline(meta)));
    assertThat(ours.size(), is(2));
    for (Instant instant : ours) {
      assertThat(instant.completionTime().isPresent(), is(true));
      assertThat(new File(base(), ".hoodie/timeline/" + instant.fileName()).isFile(), is(true));
    }

    // Hudi's Avro commit metadata, read by us, equals what Hudi's serde reads.
    TimelineWriter reader = new TimelineWriter(fs, paths);
    for (HoodieInstant instant :
        meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants().getInstants()) {
      byte[] bytes = meta.getActiveTimeline().getInstantDetails(instant).get();
      assertThat(CommitMetadataFormat.isAvro(bytes), is(true));
      HoodieCommitMetadata theirs =
          meta.getCommitMetadataSerDe().deserialize(instant, bytes, HoodieCommitMetadata.class);
      Instant ourInstant =
          Timeline.load(fs, paths)
              .find(io.hudibeam.timeline.InstantTime.parse(instant.requestedTime()), Action.COMMIT)
              .orElseThrow();
      String hudiName = meta.getInstantFileNameGenerator().getFileName(instant);
      assertThat(ourInstant.fileName(), is(hudiName));
      CommitMetadata mine = CommitMetadataFormat.decode(reader.read(ourInstant), hudiName);
      assertThat(mine.operationType().format(), is(theirs.getOperationType().name()));
      assertThat(
          mine.schema().orElseThrow(), is(theirs.getMetadata(HoodieCommitMetadata.SCHEMA_KEY)));
      assertThat(
          mine.partitionToWriteStats().keySet(), is(theirs.getPartitionToWriteStats().keySet()));
      for (String partition : theirs.getPartitionToWriteStats().keySet()) {
        HoodieWriteStat t = theirs.getPartitionToWriteStats().get(partition).get(0);
        WriteStat m = mine.partitionToWriteStats().get(partition).get(0);
        assertThat(
            Arrays.asList(m.fileId(), m.path(), m.prevCommit(), m.partitionPath()),
            is(Arrays.asList(t.getFileId(), t.getPath(), t.getPrevCommit(), t.getPartitionPath())));
        assertThat(
            Arrays.asList(
                m.numWrites(),
                m.numInserts(),
                m.numUpdateWrites(),
                m.numDeletes(),
                m.totalWriteBytes(),
                m.fileSizeInBytes()),
            is(
                Arrays.asList(
                    t.getNumWrites(),
                    t.getNumInserts(),
                    t.getNumUpdateWrites(),
                    t.getNumDeletes(),
                    t.getTotalWriteBytes(),
                    t.getFileSizeInBytes())));
      }
    }

    // Our file-system view of Hudi's table equals Hudi's.
    assertThat(ourLatestBaseFiles(), is(hudiLatestBaseFiles(meta)));
    assertThat(ourLatestBaseFiles().keySet(), is(new java.util.TreeSet<>(CITIES)));
    Map<Integer, Integer> batch = new TreeMap<>();
    Map<Integer, String> commit = new TreeMap<>();
    for (int i = 0; i < 9; i++) {
      boolean updated = i == 0 || i == 3 || i == 4;
      batch.put(i, updated ? 1 : 0);
      commit.put(i, updated ? h2 : h1);
    }
    assertRows(readWithHudi(meta, null), batch, commit);
  }

  @Test
  public void weContinueAHudiOneTableAndHudiOneContinuesOurs() throws Exception {
    HoodieTableMetaClient created = hudiCreatesTable();
    HudiOneCommits hudi = new HudiOneCommits(created, SCHEMA);
    List<GenericRecord> first = rides(0, range(0, 9));
    String h1 = hudi.commit(byKey(first), Map.of(), partitions(first), WriteOperationType.INSERT);

    // Our writer continues Hudi's v8 table (the request's default version 6 is for new tables
    // only).
    String t1 = write(rides(1, range(6, 15)), false, OperationType.UPSERT, true, TableVersion.SIX);
    String failed =
        write(rides(2, range(0, 15)), false, OperationType.UPSERT, false, TableVersion.SIX);
    assertThat(
        new File(base(), ".hoodie/.heartbeat/" + failed)
            .setLastModified(System.currentTimeMillis() - 600_000),
        is(true));
    String t2 = write(rides(9, 0, 3), true, OperationType.DELETE, true, TableVersion.SIX);
    List<CleanResult> cleaned =
        new Cleaner(fs, paths, CleanSettings.keepLatestCommits(1))
            .clean(new InstantTimeGenerator(Clock.systemUTC(), TimelineTimezone.LOCAL));
    assertThat(cleaned.size(), is(1));

    // Everything we wrote is in v8 form: in .hoodie/timeline, completed as T_C.<action>, Avro
    // commits.
    assertThat(new File(base(), ".hoodie/" + t1 + ".commit.requested").exists(), is(false));
    File[] completed =
        new File(base(), ".hoodie/timeline")
            .listFiles((d, n) -> n.matches("\\d{17}_\\d{17}\\.(commit|rollback|clean)"));
    assertThat(completed.length, is(5)); // h1, t1, rollback, t2, clean

    HoodieTableMetaClient meta = metaClient();
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(meta.getTimelineLayoutVersion().getVersion(), is(2));
    assertThat(ourTimeline(), is(hudiTimeline(meta)));

    // Completion times: each after its instant time and monotonic in completion order, across both
    // writers.
    List<HoodieInstant> byCompletion =
        meta.getActiveTimeline()
            .filterCompletedInstants()
            .getInstantsOrderedByCompletionTime()
            .collect(Collectors.toList());
    String previous = "";
    for (HoodieInstant instant : byCompletion) {
      assertThat(instant.getCompletionTime(), notNullValue());
      assertThat(instant.getCompletionTime().compareTo(instant.requestedTime()), greaterThan(0));
      assertThat(instant.getCompletionTime().compareTo(previous), greaterThan(0));
      previous = instant.getCompletionTime();
    }
    HoodieTimeline commits =
        meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants();
    assertThat(
        commits.getInstants().stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toList()),
        is(List.of(h1, t1, t2)));
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));

    // Our Avro commit metadata, read by Hudi 1.0's serde.
    HoodieInstant last = commits.lastInstant().get();
    HoodieCommitMetadata deleteCommit =
        meta.getCommitMetadataSerDe()
            .deserialize(
                last,
                meta.getActiveTimeline().getInstantDetails(last).get(),
                HoodieCommitMetadata.class);
    assertThat(deleteCommit.getOperationType(), is(WriteOperationType.DELETE));
    assertThat(
        deleteCommit.getPartitionToWriteStats().get("amsterdam").get(0).getNumDeletes(), is(2L));
    assertThat(deleteCommit.getMetadata(HoodieCommitMetadata.SCHEMA_KEY), is(SCHEMA.toString()));

    // The rollback of the failed write and the clean, parsed by Hudi 1.0.
    HoodieInstant rollback =
        meta.getActiveTimeline()
            .getRollbackTimeline()
            .filterCompletedInstants()
            .lastInstant()
            .get();
    HoodieRollbackMetadata rollbackMetadata =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollback).get());
    assertThat(rollbackMetadata.getCommitsRollback(), is(List.of(failed)));
    HoodieInstant clean =
        meta.getActiveTimeline().getCleanerTimeline().filterCompletedInstants().lastInstant().get();
    HoodieCleanMetadata cleanMetadata =
        TimelineMetadataUtils.deserializeHoodieCleanMetadata(
            meta.getActiveTimeline().getInstantDetails(clean).get());
    assertThat(cleanMetadata.getTotalFilesDeleted(), is(cleaned.get(0).deletedFiles().size()));
    assertThat(cleanMetadata.getTotalFilesDeleted(), greaterThan(0));

    // Hudi 1.0's view and reader: exactly our latest files and rows.
    assertThat(hudiLatestBaseFiles(meta), is(ourLatestBaseFiles()));
    Map<Integer, Integer> batch = new TreeMap<>();
    Map<Integer, String> commit = new TreeMap<>();
    for (int i = 0; i < 15; i++) {
      if (i == 0 || i == 3) {
        continue;
      }
      batch.put(i, i < 6 ? 0 : 1);
      commit.put(i, i < 6 ? h1 : t1);
    }
    assertRows(readWithHudi(meta, null), batch, commit);
    // Hudi's writer classes continue our v8 table: an upsert of keys we wrote and a new one.
    List<GenericRecord> more = rides(5, 1, 7, 20);
    String h2 =
        new HudiOneCommits(meta, SCHEMA)
            .commit(byKey(more), Map.of(), partitions(more), WriteOperationType.UPSERT);
    HoodieTableMetaClient after = metaClient();
    assertThat(ourTimeline(), is(hudiTimeline(after)));
    batch.put(1, 5);
    batch.put(7, 5);
    batch.put(20, 5);
    commit.put(1, h2);
    commit.put(7, h2);
    commit.put(20, h2);
    assertRows(readWithHudi(after, null), batch, commit);
    assertThat(ourLatestBaseFiles(), is(hudiLatestBaseFiles(after)));
  }

  @Test
  public void aTableWeCreateAsVersionEightHasHudiOnesPropertiesAndReadsBack() throws Exception {
    String t1 = write(rides(0, range(0, 9)), false, OperationType.INSERT, true, TableVersion.EIGHT);
    String t2 =
        write(rides(1, range(4, 12)), false, OperationType.UPSERT, true, TableVersion.EIGHT);

    // The properties Hudi 1.0's table builder writes for the same table, key by key.
    File reference = tmp.newFolder("reference");
    HoodieTableMetaClient.newTableBuilder()
        .setTableType(HoodieTableType.COPY_ON_WRITE)
        .setTableName("rides")
        .setRecordKeyFields("uuid")
        .setPartitionFields("city")
        .setPreCombineField("ts")
        .setKeyGeneratorClassProp("org.apache.hudi.keygen.SimpleKeyGenerator")
        .setHiveStylePartitioningEnable(false)
        .setUrlEncodePartitioning(false)
        .setTableCreateSchema(SCHEMA.toString())
        .initTable(HadoopFSUtils.getStorageConfWithCopy(conf), reference.getAbsolutePath());
    Map<String, String> theirs = properties(new File(reference, ".hoodie/hoodie.properties"));
    Map<String, String> ours = properties(new File(base(), ".hoodie/hoodie.properties"));
    Map<String, String> missing = new TreeMap<>(theirs);
    missing.keySet().removeAll(ours.keySet());
    assertThat("keys Hudi 1.0 writes that we do not: " + missing, missing.isEmpty(), is(true));
    for (Map.Entry<String, String> e : theirs.entrySet()) {
      if (e.getKey().equals("hoodie.table.create.schema")) {
        assertThat(
            new Schema.Parser().parse(ours.get(e.getKey())),
            is(new Schema.Parser().parse(e.getValue())));
      } else {
        assertThat(e.getKey(), ours.get(e.getKey()), is(e.getValue()));
      }
    }
    // Hudi 1.0 creates these folders, and no .hoodie/archived.
    assertThat(new File(base(), ".hoodie/timeline/history").isDirectory(), is(true));
    assertThat(new File(base(), ".hoodie/archived").exists(), is(false));

    HoodieTableMetaClient meta = metaClient();
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(ourTimeline(), is(hudiTimeline(meta)));
    assertThat(
        meta
            .getActiveTimeline()
            .getCommitsTimeline()
            .filterCompletedInstants()
            .getInstants()
            .stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toList()),
        is(List.of(t1, t2)));
    assertThat(hudiLatestBaseFiles(meta), is(ourLatestBaseFiles()));
    Map<Integer, Integer> batch = new TreeMap<>();
    Map<Integer, String> commit = new TreeMap<>();
    for (int i = 0; i < 12; i++) {
      batch.put(i, i < 4 ? 0 : 1);
      commit.put(i, i < 4 ? t1 : t2);
    }
    assertRows(readWithHudi(meta, null), batch, commit);
    assertThat(new TableSchemaResolver(meta).getTableAvroSchema(false), is(SCHEMA));
    // Time travel to the first instant: Hudi's view as of t1 reads t1's rows.
    Map<Integer, Integer> firstBatch = new TreeMap<>();
    Map<Integer, String> firstCommit = new TreeMap<>();
    for (int i = 0; i < 9; i++) {
      firstBatch.put(i, 0);
      firstCommit.put(i, t1);
    }
    assertRows(readWithHudi(meta, t1), firstBatch, firstCommit);

    // Hudi's writer classes continue the table we created.
    List<GenericRecord> more = rides(3, 2, 5, 30);
    String h =
        new HudiOneCommits(meta, SCHEMA)
            .commit(byKey(more), Map.of(), partitions(more), WriteOperationType.UPSERT);
    for (int i : new int[] {2, 5, 30}) {
      batch.put(i, 3);
      commit.put(i, h);
    }
    assertRows(readWithHudi(metaClient(), null), batch, commit);
    // And we continue after Hudi.
    String t3 = write(rides(4, 0, 30), false, OperationType.UPSERT, true, TableVersion.EIGHT);
    batch.put(0, 4);
    batch.put(30, 4);
    commit.put(0, t3);
    commit.put(30, t3);
    assertRows(readWithHudi(metaClient(), null), batch, commit);
    assertThat(ourTimeline(), is(hudiTimeline(metaClient())));
  }

  private static Map<String, String> properties(File file) throws Exception {
    Properties p = new Properties();
    try (InputStream in = new FileInputStream(file)) {
      p.load(in);
    }
    Map<String, String> m = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
    return m;
  }
}
