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
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.WriteToken;
import io.hudibeam.keygen.HoodieKey;
import io.hudibeam.keygen.KeyGenerator;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.services.CleanResult;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.Cleaner;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableProperty;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.FileGroupWriter;
import io.hudibeam.write.FileSizing;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WorkloadProfile;
import io.hudibeam.write.WriteOperation;
import io.hudibeam.write.WritePlan;
import io.hudibeam.write.WritePlanner;
import io.hudibeam.write.WriteTransaction;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.avro.model.HoodieCleanPartitionMetadata;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.config.HoodieConfig;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieRecord;
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
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.apache.hudi.io.storage.HoodieAvroFileReader;
import org.apache.hudi.io.storage.HoodieFileReader;
import org.apache.hudi.io.storage.HoodieIOFactory;
import org.apache.hudi.metadata.FileSystemBackedTableMetadata;
import org.apache.hudi.metadata.HoodieMetadataFileSystemView;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.hudi.storage.HoodieStorage;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A table written by our format code alone (no Beam) is read by Hudi 1.0's own classes: its meta
 * client opens it as a version-6 table with timeline layout 1, its file-system view (the one a 1.0
 * reader builds with its default metadata setting) lists exactly our latest base files, its Avro
 * Parquet reader reads every record we expect, its schema resolver resolves our schema, and it
 * parses our commit, rollback and clean instants.
 */
public class Hudi1ReadsOurTablesIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final List<String> CITIES = List.of("amsterdam", "lisbon", "oslo");
  private static final long TS_BASE = 1_700_000_000_000L;

  /** A trips-like record: required key and ordering field, every other field a nullable union. */
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

  /** Record {@code i} as batch {@code b} writes it: {@code ts} grows with the batch. */
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

  private static TableConfig ridesTable() {
    return TableConfig.newTable("rides", TableType.COPY_ON_WRITE)
        .recordKeyFields(List.of("uuid"))
        .partitionFields(List.of("city"))
        .orderingField("ts")
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .createSchema(SCHEMA.toString())
        .build();
  }

  /**
   * Our writes without a metadata table ({@code hoodie.metadata.enable=false}; on by default):
   * these tests are about what a 1.0 reader finds by listing the table.
   */
  private WriteTransaction transaction() {
    return WriteTransaction.on(conf, fs, paths)
        .metadataTable(MetadataTableSettings.disabled())
        .build();
  }

  /** Inserts {@code records} as one commit; returns its instant time. */
  private String insert(List<GenericRecord> records) {
    return commit(OperationType.INSERT, records, false);
  }

  /** Upserts {@code records} as one commit; returns its instant time. */
  private String upsert(List<GenericRecord> records) {
    return commit(OperationType.UPSERT, records, false);
  }

  /** Deletes the stored ones of {@code records}' keys as one commit; returns its instant time. */
  private String delete(List<GenericRecord> records) {
    return commit(OperationType.DELETE, records, true);
  }

  /** An upsert whose writer dies after writing its files; returns the pending instant time. */
  private String upsertWithoutCommit(List<GenericRecord> records) {
    StartedInstant started = transaction().start(ridesTable(), Action.COMMIT);
    writeFiles(started, records, false);
    return started.instantTime().value();
  }

  /**
   * One write instant through the steps the pipeline's stages run: start, write file groups,
   * commit.
   */
  private String commit(OperationType operation, List<GenericRecord> records, boolean delete) {
    WriteTransaction transaction = transaction();
    StartedInstant started = transaction.start(ridesTable(), Action.COMMIT);
    List<WriteStat> stats = writeFiles(started, records, delete);
    assertThat(
        transaction.commit(started, operation, SCHEMA.toString(), stats),
        is(CommitOutcome.COMMITTED));
    return started.instantTime().value();
  }

  /**
   * Tags the records against the latest base files (every stored key read: a SIMPLE index in one
   * process), plans with Hudi's default file sizing, and writes each file group with the
   * transaction's file group writer.
   */
  private List<WriteStat> writeFiles(
      StartedInstant started, List<GenericRecord> records, boolean delete) {
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
    FileGroupWriter writer =
        transaction()
            .fileGroupWriter(started)
            .schema(SCHEMA)
            .orderingField(OrderingField.of("ts"))
            .writeToken(WriteToken.of(0, 1, 1))
            .operation(delete ? WriteOperation.DELETE : WriteOperation.UPSERT)
            .build();
    List<WriteStat> stats = new ArrayList<>();
    for (Map.Entry<Bucket, List<TableRecord>> e : routed.entrySet()) {
      stats.add(writer.write(e.getKey(), e.getValue()));
    }
    return stats;
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

  /** Our own view of the latest base files: partition path to file names. */
  private Map<String, List<String>> ourLatestBaseFiles() {
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    Map<String, List<String>> files = new TreeMap<>();
    for (BaseFile file : view.latestBaseFiles()) {
      files.computeIfAbsent(file.partitionPath(), p -> new ArrayList<>()).add(file.name().value());
    }
    return files;
  }

  /** The view a Hudi 1.0 reader builds with its default metadata setting for readers. */
  private static HoodieTableFileSystemView readerView(HoodieTableMetaClient meta) {
    HoodieMetadataConfig readerDefault =
        HoodieMetadataConfig.newBuilder()
            .enable(HoodieMetadataConfig.DEFAULT_METADATA_ENABLE_FOR_READERS)
            .build();
    return FileSystemViewManager.createInMemoryFileSystemView(
        new HoodieLocalEngineContext(meta.getStorageConf()), meta, readerDefault);
  }

  private static Map<String, List<String>> hudiLatestBaseFiles(
      HoodieTableMetaClient meta, List<String> partitions) {
    Map<String, List<String>> files = new TreeMap<>();
    try (HoodieTableFileSystemView view = readerView(meta)) {
      for (String partition : partitions) {
        List<String> names =
            view.getLatestBaseFiles(partition)
                .map(HoodieBaseFile::getFileName)
                .collect(Collectors.toList());
        if (!names.isEmpty()) {
          files.put(partition, names);
        }
      }
    }
    return files;
  }

  /**
   * Every record of the latest base files, read with Hudi 1.0's Avro Parquet reader, by record key.
   */
  private static Map<String, GenericRecord> readWithHudi(
      HoodieTableMetaClient meta, List<String> partitions) throws Exception {
    HoodieStorage storage = meta.getStorage();
    Map<String, GenericRecord> rows = new HashMap<>();
    try (HoodieTableFileSystemView view = readerView(meta)) {
      for (String partition : partitions) {
        for (HoodieBaseFile file :
            view.getLatestBaseFiles(partition).collect(Collectors.toList())) {
          HoodieFileReader<?> reader =
              HoodieIOFactory.getIOFactory(storage)
                  .getReaderFactory(HoodieRecord.HoodieRecordType.AVRO)
                  .getFileReader(new HoodieConfig(), file.getStoragePath());
          assertThat(reader, instanceOf(HoodieAvroFileReader.class));
          HoodieAvroFileReader avroReader = (HoodieAvroFileReader) reader;
          long count = 0;
          try (ClosableIterator<IndexedRecord> it =
              avroReader.getIndexedRecordIterator(avroReader.getSchema(), avroReader.getSchema())) {
            while (it.hasNext()) {
              GenericRecord row = (GenericRecord) it.next();
              count++;
              assertThat(
                  row.get(HoodieRecord.FILENAME_METADATA_FIELD).toString(), is(file.getFileName()));
              assertThat(
                  row.get(HoodieRecord.PARTITION_PATH_METADATA_FIELD).toString(), is(partition));
              String recordKey = row.get(HoodieRecord.RECORD_KEY_METADATA_FIELD).toString();
              assertThat(
                  "duplicate record key " + recordKey, rows.put(recordKey, row) == null, is(true));
            }
          }
          assertThat(avroReader.getTotalRecords(), is(count));
          avroReader.close();
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

  private static List<String> completedTimes(HoodieTimeline timeline) {
    return timeline.filterCompletedInstants().getInstants().stream()
        .map(HoodieInstant::requestedTime)
        .collect(Collectors.toList());
  }

  @Test
  public void hudi1ReadsInsertUpsertDeleteRollbackAndClean() throws Exception {
    // keys 0..11 inserted; 6..17 upserted (6..11 merged into existing file groups, 12..17 new);
    // a failed upsert of everything; keys 0 and 3 (both in amsterdam) deleted; then a clean.
    String t1 = insert(rides(0, range(0, 12)));
    String t2 = upsert(rides(1, range(6, 18)));
    String failed = upsertWithoutCommit(rides(2, range(0, 20)));
    // Its writer died: its heartbeat stopped, and 10 minutes later it has expired.
    assertThat(
        new java.io.File(paths.basePathString(), ".hoodie/.heartbeat/" + failed)
            .setLastModified(System.currentTimeMillis() - 600_000),
        is(true));
    String t3 = delete(rides(9, 0, 3)); // starting it rolls `failed` back
    List<CleanResult> cleaned =
        new Cleaner(fs, paths, CleanSettings.keepLatestCommits(1))
            .clean(new InstantTimeGenerator(Clock.systemUTC(), TimelineTimezone.LOCAL));
    assertThat(cleaned.size(), is(1));

    HoodieTableMetaClient meta = metaClient();
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.SIX));
    assertThat(meta.getTimelineLayoutVersion().getVersion(), is(1));
    assertThat(meta.getTableConfig().getTableName(), is("rides"));
    assertThat(
        Arrays.asList(meta.getTableConfig().getRecordKeyFields().get()), is(List.of("uuid")));
    assertThat(
        Arrays.asList(meta.getTableConfig().getPartitionFields().get()), is(List.of("city")));
    assertThat(meta.getTableConfig().getPreCombineField(), is("ts"));

    // The completed timeline holds our instants only; the failed write left no trace but its
    // rollback.
    HoodieTimeline active = meta.getActiveTimeline();
    assertThat(completedTimes(active.getCommitsTimeline()), is(List.of(t1, t2, t3)));
    assertThat(active.filterInflightsAndRequested().getInstants(), is(empty()));
    assertThat(
        active.getInstants().stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toList()),
        not(hasItem(failed)));

    // Our commit metadata, deserialized by 1.0's serde for layout 1.
    HoodieInstant lastCommit =
        active.getCommitsTimeline().filterCompletedInstants().lastInstant().get();
    HoodieCommitMetadata commitMetadata =
        meta.getCommitMetadataSerDe()
            .deserialize(
                lastCommit, active.getInstantDetails(lastCommit).get(), HoodieCommitMetadata.class);
    assertThat(commitMetadata.getOperationType(), is(WriteOperationType.DELETE));
    List<HoodieWriteStat> deleteStats = commitMetadata.getPartitionToWriteStats().get("amsterdam");
    assertThat(deleteStats.size(), is(1));
    assertThat(deleteStats.get(0).getNumDeletes(), is(2L));

    // The rollback of the failed write and the clean, parsed by 1.0.
    HoodieInstant rollback =
        active.getRollbackTimeline().filterCompletedInstants().lastInstant().get();
    HoodieRollbackMetadata rollbackMetadata =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            active.getInstantDetails(rollback).get());
    assertThat(rollbackMetadata.getCommitsRollback(), is(List.of(failed)));
    assertThat(rollbackMetadata.getInstantsRollback().get(0).getCommitTime(), is(failed));

    HoodieInstant clean = active.getCleanerTimeline().filterCompletedInstants().lastInstant().get();
    assertThat(clean.requestedTime(), is(cleaned.get(0).cleanTime().value()));
    HoodieCleanMetadata cleanMetadata =
        TimelineMetadataUtils.deserializeHoodieCleanMetadata(active.getInstantDetails(clean).get());
    assertThat(cleanMetadata.getTotalFilesDeleted(), is(cleaned.get(0).deletedFiles().size()));
    List<String> hudiDeleted = new ArrayList<>();
    for (Map.Entry<String, HoodieCleanPartitionMetadata> e :
        cleanMetadata.getPartitionMetadata().entrySet()) {
      for (String name : e.getValue().getSuccessDeleteFiles()) {
        hudiDeleted.add(e.getKey() + "/" + name);
      }
    }
    assertThat(hudiDeleted.size(), is(cleaned.get(0).deletedFiles().size()));

    // Hudi 1.0's HoodieMetadataConfig: a 1.0 reader wants the metadata table by default, but this
    // table, written without one, does not list `files` in hoodie.table.metadata.partitions, so 1.0
    // falls back to listing the file system.
    assertThat(HoodieMetadataConfig.DEFAULT_METADATA_ENABLE_FOR_READERS, is(true));
    assertThat(meta.getTableConfig().getMetadataPartitions(), is(empty()));
    assertThat(meta.getTableConfig().isMetadataTableAvailable(), is(false));
    HoodieTableMetadata tableMetadata =
        HoodieTableMetadata.create(
            new HoodieLocalEngineContext(meta.getStorageConf()),
            meta.getStorage(),
            HoodieMetadataConfig.newBuilder().enable(true).build(),
            base());
    assertThat(tableMetadata, instanceOf(FileSystemBackedTableMetadata.class));
    List<String> partitions = tableMetadata.getAllPartitionPaths();
    assertThat(partitions, containsInAnyOrder(CITIES.toArray()));
    tableMetadata.close();

    // 1.0's file-system view gives exactly our latest base files: amsterdam from the delete, the
    // others from t2.
    Map<String, List<String>> ours = ourLatestBaseFiles();
    assertThat(hudiLatestBaseFiles(meta, partitions), is(ours));
    assertThat(ours.keySet(), containsInAnyOrder(CITIES.toArray()));
    for (Map.Entry<String, List<String>> e : ours.entrySet()) {
      String expectedInstant = e.getKey().equals("amsterdam") ? t3 : t2;
      for (String name : e.getValue()) {
        assertThat(name, name.endsWith("_" + expectedInstant + ".parquet"), is(true));
      }
    }

    // Every record, read by 1.0's Avro Parquet reader, row by row.
    Map<String, GenericRecord> rows = readWithHudi(meta, partitions);
    List<Integer> live = new ArrayList<>();
    for (int i = 1; i < 18; i++) {
      if (i != 3) {
        live.add(i);
      }
    }
    assertThat(
        rows.keySet(), containsInAnyOrder(live.stream().map(Hudi1ReadsOurTablesIT::key).toArray()));
    for (int i : live) {
      GenericRecord row = rows.get(key(i));
      assertThat(key(i), dataValues(row), is(dataValues(ride(i < 6 ? 0 : 1, i))));
      String commitTime = i < 6 ? t1 : t2;
      assertThat(
          key(i), row.get(HoodieRecord.COMMIT_TIME_METADATA_FIELD).toString(), is(commitTime));
      assertThat(
          key(i),
          row.get(HoodieRecord.COMMIT_SEQNO_METADATA_FIELD).toString().startsWith(commitTime + "_"),
          is(true));
      assertThat(row.get(HoodieRecord.PARTITION_PATH_METADATA_FIELD).toString(), is(city(i)));
    }

    // 1.0's schema resolver: our schema with the five meta fields, and without them exactly ours.
    TableSchemaResolver resolver = new TableSchemaResolver(meta);
    assertThat(
        resolver.getTableAvroSchema(false).getFields().stream()
            .map(Schema.Field::name)
            .collect(Collectors.toList()),
        is(DATA_FIELDS));
    assertThat(resolver.getTableAvroSchema(false), is(SCHEMA));
    List<String> withMeta =
        resolver.getTableAvroSchema(true).getFields().stream()
            .map(Schema.Field::name)
            .collect(Collectors.toList());
    assertThat(withMeta.subList(0, 5), is(HoodieRecord.HOODIE_META_COLUMNS));
    assertThat(withMeta.subList(5, withMeta.size()), is(DATA_FIELDS));
  }

  /**
   * The control for the metadata-table rule: once {@code hoodie.table.metadata.partitions} lists
   * {@code files} (as an official writer leaves it), a 1.0 reader builds its view on the metadata
   * table instead of listing (FileSystemViewManager.createInMemoryFileSystemView checks
   * HoodieTableConfig.isMetadataTableAvailable); our next write (without a metadata table) clears
   * the property, and 1.0 lists again and sees every commit.
   */
  @Test
  public void hudi1ListsAgainAfterOurWriterDropsTheMetadataTable() throws Exception {
    String t1 = insert(rides(0, range(0, 6)));
    new TableConfigStore(fs, paths)
        .update(c -> c.with(TableProperty.METADATA_PARTITIONS.key(), "files"));

    HoodieTableMetaClient claimed = metaClient();
    assertThat(claimed.getTableConfig().getMetadataPartitions(), is(Set.of("files")));
    try (HoodieTableFileSystemView view = readerView(claimed)) {
      assertThat(view, instanceOf(HoodieMetadataFileSystemView.class));
    }

    String t2 = upsert(rides(1, range(3, 9)));
    HoodieTableMetaClient meta = metaClient();
    assertThat(meta.getTableConfig().getMetadataPartitions(), is(empty()));
    assertThat(completedTimes(meta.getActiveTimeline().getCommitsTimeline()), is(List.of(t1, t2)));
    try (HoodieTableFileSystemView view = readerView(meta)) {
      assertThat(view, not(instanceOf(HoodieMetadataFileSystemView.class)));
    }
    assertThat(hudiLatestBaseFiles(meta, CITIES), is(ourLatestBaseFiles()));
    Map<String, GenericRecord> rows = readWithHudi(meta, CITIES);
    assertThat(rows.size(), is(9));
    for (int i = 0; i < 9; i++) {
      GenericRecord row = rows.get(key(i));
      assertThat(key(i), dataValues(row), is(dataValues(ride(i < 3 ? 0 : 1, i))));
      assertThat(
          key(i), row.get(HoodieRecord.COMMIT_TIME_METADATA_FIELD).toString(), is(i < 3 ? t1 : t2));
    }
  }
}
