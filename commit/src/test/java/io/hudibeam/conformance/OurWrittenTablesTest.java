package io.hudibeam.conformance;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.is;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.CleanSettings;
import io.hudibeam.commit.Cleaner;
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
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
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
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.bloom.BloomFilter;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.apache.hudi.common.util.ParquetUtils;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A table written by our format code alone (no Beam): Hudi opens it, reads every record, accepts
 * our bloom filter footers, parses our rollback and clean instants, and its Java client continues
 * the table; we then read what Hudi wrote.
 */
public class OurWrittenTablesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;
  private final KeyGenerator keys = KeyGenerator.of(KeyGeneratorConfig.simple("uuid", "city"));

  private TableConfig tripsTable() {
    return TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
        .recordKeyFields(List.of("uuid"))
        .partitionFields(List.of("city"))
        .orderingField("ts")
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .createSchema(TripsData.SCHEMA.toString())
        .build();
  }

  /** What the pipeline stages do, in one process: start, tag, plan, write, commit. */
  private String write(List<GenericRecord> records, boolean delete, OperationType operation, boolean commit) {
    StartedInstant started = new InstantStarter(fs, paths, Clock.systemUTC()).start(tripsTable(), Action.COMMIT);
    Timeline timeline = Timeline.load(fs, paths);
    FileSystemView view = FileSystemView.load(fs, paths, timeline);
    Map<String, RecordLocation> stored = new HashMap<>();
    Map<String, List<BaseFile>> latest = new HashMap<>();
    for (String partition : view.partitions()) {
      latest.put(partition, view.latestBaseFiles(partition));
      for (BaseFile file : view.latestBaseFiles(partition)) {
        for (String key : BaseFileReader.of(conf, new Path(base(), file.relativePath())).readRecordKeys()) {
          stored.put(key, RecordLocation.of(partition, file.name().fileId(), file.name().instantTime()));
        }
      }
    }
    WorkloadProfile profile = WorkloadProfile.empty();
    List<TableRecord> tableRecords = new ArrayList<>();
    for (GenericRecord record : records) {
      HoodieKey key = keys.keyOf(record);
      TableRecord r = delete ? TableRecord.delete(key.recordKey(), key.partitionPath(), record)
          : TableRecord.upsert(key.recordKey(), key.partitionPath(), record);
      RecordLocation location = stored.get(key.recordKey());
      if (location != null || !delete) {
        profile = profile.plus(key.partitionPath(), location == null ? null : location.fileId());
        tableRecords.add(r);
      }
    }
    WritePlan plan = new WritePlanner(FileSizing.defaults(), UUID::randomUUID).plan(profile, latest, 1024, true);
    Map<Bucket, List<TableRecord>> routed = new HashMap<>();
    for (TableRecord r : tableRecords) {
      Bucket bucket = plan.route(r.partitionPath(), r.recordKey(), Optional.ofNullable(stored.get(r.recordKey())));
      routed.computeIfAbsent(bucket, b -> new ArrayList<>()).add(r);
    }
    WriteContext context = WriteContext.builder().conf(conf).fs(fs).paths(paths).instant(started.instantTime())
        .schema(TripsData.SCHEMA).parquet(ParquetSettings.defaults()).orderingField(OrderingField.of("ts"))
        .writeToken(WriteToken.of(1, 2, 3)).build();
    CommitMetadata.Builder metadata = CommitMetadata.builder().operationType(operation).schema(TripsData.SCHEMA.toString());
    for (Map.Entry<Bucket, List<TableRecord>> e : routed.entrySet()) {
      WriteStat stat = e.getKey().baseFile().isPresent()
          ? new MergeHandle(context).write(e.getKey().baseFile().get(), e.getValue())
          : new CreateHandle(context).write(e.getKey().fileGroupId(), e.getValue());
      metadata.addWriteStat(stat.partitionPath(), stat);
    }
    if (commit) {
      assertThat(new InstantCommitter(fs, paths).commit(started.instantTime(), Action.COMMIT, metadata.build()), is(CommitOutcome.COMMITTED));
      assertThat(new InstantCommitter(fs, paths).commit(started.instantTime(), Action.COMMIT, metadata.build()), is(CommitOutcome.ALREADY_COMMITTED));
    }
    return started.instantTime().value();
  }

  private String base() {
    return paths.basePathString();
  }

  @Test
  public void hudiReadsContinuesAndIsReadBack() throws Exception {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.newFolder("trips").getAbsolutePath());

    String t1 = write(TripsData.batch(0, 0, 600), false, OperationType.INSERT, true);
    String t2 = write(TripsData.batch(1, 300, 600), false, OperationType.UPSERT, true);
    String failed = write(TripsData.batch(2, 0, 900), false, OperationType.UPSERT, false);
    // Its writer died: its heartbeat stopped, and 10 minutes later it has expired.
    assertThat(new java.io.File(base(), ".hoodie/.heartbeat/" + failed)
        .setLastModified(System.currentTimeMillis() - 600_000), is(true));
    String t3 = write(TripsData.batch(0, 0, 100), true, OperationType.DELETE, true); // rolls back `failed`

    Map<String, GenericRecord> rows = HudiTableReader.of(base()).snapshotByRecordKey();
    assertThat(rows.size(), is(800));
    for (long i = 100; i < 900; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(TripsData.values(row), is(TripsData.values(TripsData.record(i < 300 ? 0 : 1, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_commit_time"), is(i < 300 ? t1 : t2));
    }
    assertThat(HudiTableReader.of(base()).completedInstantTimes().contains(failed), is(false));

    HoodieTableMetaClient meta = HudiTableReader.of(base()).metaClient();
    HoodieInstant rollback = meta.getActiveTimeline().getRollbackTimeline().lastInstant().get();
    HoodieRollbackMetadata rollbackMetadata = TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
        meta.getActiveTimeline().getInstantDetails(rollback).get());
    assertThat(rollbackMetadata.getCommitsRollback(), is(List.of(failed)));

    HoodieHadoopStorage storage = new HoodieHadoopStorage(new Path(base()), conf);
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    for (BaseFile file : view.latestBaseFiles()) {
      StoragePath path = new StoragePath(base(), file.relativePath());
      BloomFilter bloom = new ParquetUtils().readBloomFilterFromMetadata(storage, path);
      for (String key : BaseFileReader.of(conf, new Path(base(), file.relativePath())).readRecordKeys()) {
        assertThat(key, bloom.mightContain(key), is(true));
      }
    }

    List<io.hudibeam.commit.CleanResult> cleaned =
        new Cleaner(fs, paths, CleanSettings.keepLatestCommits(1)).clean(new InstantTimeGenerator(Clock.systemUTC(), TimelineTimezone.LOCAL));
    assertThat(cleaned.size(), is(1));
    HoodieInstant clean = HudiTableReader.of(base()).metaClient().getActiveTimeline().getCleanerTimeline().lastInstant().get();
    HoodieCleanMetadata cleanMetadata = TimelineMetadataUtils.deserializeHoodieCleanMetadata(
        HudiTableReader.of(base()).metaClient().getActiveTimeline().getInstantDetails(clean).get());
    assertThat(cleanMetadata.getTotalFilesDeleted(), is(cleaned.get(0).deletedFiles().size()));
    assertThat(HudiTableReader.of(base()).snapshotByRecordKey().size(), is(800));

    // Hudi's Java client continues our table; our format code reads what it wrote.
    HudiReference.trips(base()).open().upsert(TripsData.batch(5, 850, 100));
    Timeline afterHudi = Timeline.load(fs, paths);
    FileSystemView viewAfter = FileSystemView.load(fs, paths, afterHudi);
    Map<String, GenericRecord> ours = new HashMap<>();
    for (BaseFile file : viewAfter.latestBaseFiles()) {
      for (GenericRecord r : BaseFileReader.of(conf, new Path(base(), file.relativePath())).readRecords()) {
        assertThat(ours.put(r.get("_hoodie_record_key").toString(), r) == null, is(true));
      }
    }
    assertThat(ours.size(), is(850));
    for (long i = 100; i < 950; i++) {
      long batch = i >= 850 ? 5 : i < 300 ? 0 : 1;
      assertThat(TripsData.values(ours.get(TripsData.key(i))), is(TripsData.values(TripsData.record(batch, i))));
    }
    assertThat(Files.exists(Paths.get(base(), ".hoodie", ".temp", t3)), is(false));
  }
}
