package io.hudibeam.commit;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.basefile.ParquetSettings;
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
import io.hudibeam.testing.TripsData;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What a pipeline's write stages do for one started instant of the trips table, in this process:
 * tag the records against the committed snapshot the timeline shows now, plan, route, and write
 * each file group (merge handles for stored file groups, create handles for new ones). A test
 * drives two writers' steps in the order it wants.
 */
final class StepWriter {
  private final Configuration conf;
  private final FileSystem fs;
  private final TablePaths paths;
  private final KeyGenerator keys = KeyGenerator.of(KeyGeneratorConfig.simple("uuid", "city"));
  private int attempt;

  StepWriter(Configuration conf, FileSystem fs, TablePaths paths) {
    this.conf = conf;
    this.fs = fs;
    this.paths = paths;
  }

  static TableConfig tripsTable() {
    return TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
        .recordKeyFields(List.of("uuid"))
        .partitionFields(List.of("city"))
        .orderingField("ts")
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .createSchema(TripsData.SCHEMA.toString())
        .build();
  }

  /** Writes the records (upserts) for the instant; returns the write stats of the file groups written. */
  List<WriteStat> write(StartedInstant started, List<GenericRecord> records) {
    Timeline timeline = Timeline.load(fs, paths);
    FileSystemView view = FileSystemView.load(fs, paths, timeline);
    Map<String, RecordLocation> stored = new HashMap<>();
    Map<String, List<BaseFile>> latest = new HashMap<>();
    for (String partition : view.partitions()) {
      latest.put(partition, view.latestBaseFiles(partition));
      for (BaseFile file : view.latestBaseFiles(partition)) {
        for (String key : BaseFileReader.of(conf, new Path(paths.basePath(), file.relativePath())).readRecordKeys()) {
          stored.put(key, RecordLocation.of(partition, file.name().fileId(), file.name().instantTime()));
        }
      }
    }
    WorkloadProfile profile = WorkloadProfile.empty();
    List<TableRecord> tableRecords = new ArrayList<>();
    for (GenericRecord record : records) {
      HoodieKey key = keys.keyOf(record);
      RecordLocation location = stored.get(key.recordKey());
      profile = profile.plus(key.partitionPath(), location == null ? null : location.fileId());
      tableRecords.add(TableRecord.upsert(key.recordKey(), key.partitionPath(), record));
    }
    WritePlan plan = new WritePlanner(FileSizing.defaults(), UUID::randomUUID).plan(profile, latest, 1024, true);
    Map<Bucket, List<TableRecord>> routed = new LinkedHashMap<>();
    for (TableRecord r : tableRecords) {
      Bucket bucket = plan.route(r.partitionPath(), r.recordKey(), Optional.ofNullable(stored.get(r.recordKey())));
      routed.computeIfAbsent(bucket, b -> new ArrayList<>()).add(r);
    }
    WriteContext context = WriteContext.builder().conf(conf).fs(fs).paths(paths).instant(started.instantTime())
        .schema(TripsData.SCHEMA).parquet(ParquetSettings.defaults()).orderingField(OrderingField.of("ts"))
        .writeToken(WriteToken.of(1, ++attempt, 3)).build();
    List<WriteStat> stats = new ArrayList<>();
    for (Map.Entry<Bucket, List<TableRecord>> e : routed.entrySet()) {
      stats.add(e.getKey().baseFile().isPresent()
          ? new MergeHandle(context).write(e.getKey().baseFile().get(), e.getValue())
          : new CreateHandle(context).write(e.getKey().fileGroupId(), e.getValue()));
    }
    return stats;
  }

  static CommitMetadata metadata(OperationType operation, List<WriteStat> stats) {
    CommitMetadata.Builder metadata =
        CommitMetadata.builder().operationType(operation).schema(TripsData.SCHEMA.toString());
    for (WriteStat stat : stats) {
      metadata.addWriteStat(stat.partitionPath(), stat);
    }
    return metadata.build();
  }
}
