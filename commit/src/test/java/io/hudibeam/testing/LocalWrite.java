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
package io.hudibeam.testing;

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
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.timeline.Action;
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
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * Writes the trips table ({@link TripsData}) in this process, without Beam, through the steps of
 * {@link WriteTransaction} that the pipeline's stages run: start, write file groups, commit. Only
 * the tagging and planning between them are this helper's own: every record key of the latest base
 * files is read (a SIMPLE index in one process) and {@link WritePlanner} plans with the default
 * file sizing. Copy-on-write only.
 */
public final class LocalWrite {
  private final Configuration conf;
  private final FileSystem fs;
  private final TablePaths paths;
  private final WriteTransaction transaction;
  private final KeyGenerator keys =
      KeyGenerator.of(
          KeyGeneratorConfig.simple(TripsData.RECORD_KEY_FIELD, TripsData.PARTITION_FIELD));
  private int attempt;

  private LocalWrite(
      Configuration conf, FileSystem fs, TablePaths paths, WriteTransaction transaction) {
    this.conf = conf;
    this.fs = fs;
    this.paths = paths;
    this.transaction = transaction;
  }

  /**
   * Writes to the trips table at {@code basePath} on the local file system, default writer
   * settings.
   */
  public static LocalWrite trips(String basePath) {
    return trips(basePath, true);
  }

  /**
   * As {@link #trips(String)}, keeping the table's metadata table or, with {@code metadataTable}
   * false ({@code hoodie.metadata.enable=false}), deleting it.
   */
  public static LocalWrite trips(String basePath, boolean metadataTable) {
    return trips(
        basePath,
        metadataTable
            ? io.hudibeam.metadatatable.MetadataTableSettings.defaults()
            : io.hudibeam.metadatatable.MetadataTableSettings.disabled());
  }

  /** As {@link #trips(String)}, with {@code metadataTable} for the table's metadata table. */
  public static LocalWrite trips(
      String basePath, io.hudibeam.metadatatable.MetadataTableSettings metadataTable) {
    return trips(basePath, metadataTable, io.hudibeam.metadatatable.MetadataTableMaintenance.NONE);
  }

  /** As {@link #trips(String)}, also cleaning and archiving the metadata table at each start. */
  public static LocalWrite trips(
      String basePath,
      io.hudibeam.metadatatable.MetadataTableSettings metadataTable,
      io.hudibeam.metadatatable.MetadataTableMaintenance maintenance) {
    Configuration conf = new Configuration();
    try {
      FileSystem fs = FileSystem.getLocal(conf);
      TablePaths paths = TablePaths.of(basePath);
      return new LocalWrite(
          conf,
          fs,
          paths,
          WriteTransaction.on(conf, fs, paths)
              .metadataTable(metadataTable)
              .metadataTableMaintenance(maintenance)
              .build());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The trips table's config: copy-on-write, key {@code uuid}, partition {@code city}, ordering
   * {@code ts}.
   */
  public static TableConfig tripsTable() {
    return TableConfig.newTable(TripsData.TABLE_NAME, TableType.COPY_ON_WRITE)
        .recordKeyFields(List.of(TripsData.RECORD_KEY_FIELD))
        .partitionFields(List.of(TripsData.PARTITION_FIELD))
        .orderingField(TripsData.ORDERING_FIELD)
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .createSchema(TripsData.SCHEMA.toString())
        .build();
  }

  public WriteTransaction transaction() {
    return transaction;
  }

  /** Inserts {@code records} as one commit; returns its instant time. */
  public String insert(List<GenericRecord> records) {
    return commit(OperationType.INSERT, records, false);
  }

  /** Upserts {@code records} as one commit; returns its instant time. */
  public String upsert(List<GenericRecord> records) {
    return commit(OperationType.UPSERT, records, false);
  }

  /** Deletes the stored ones of {@code records}' keys as one commit; returns its instant time. */
  public String delete(List<GenericRecord> records) {
    return commit(OperationType.DELETE, records, true);
  }

  /**
   * An upsert whose writer dies after writing its files: started and written, never committed.
   * Returns the pending instant time.
   */
  public String upsertWithoutCommit(List<GenericRecord> records) {
    StartedInstant started = transaction.start(tripsTable(), Action.COMMIT);
    writeFiles(started, records, false);
    return started.instantTime().value();
  }

  /**
   * Writes {@code records} as upserts into the file groups of the started instant; returns their
   * stats.
   */
  public List<WriteStat> writeUpserts(StartedInstant started, List<GenericRecord> records) {
    return writeFiles(started, records, false);
  }

  private String commit(OperationType operation, List<GenericRecord> records, boolean delete) {
    StartedInstant started = transaction.start(tripsTable(), Action.COMMIT);
    List<WriteStat> stats = writeFiles(started, records, delete);
    CommitOutcome outcome =
        transaction.commit(started, operation, TripsData.SCHEMA.toString(), stats);
    if (outcome != CommitOutcome.COMMITTED) {
      throw new HudiTableException(
          "instant " + started.instantTime() + " of " + paths + " was not committed: " + outcome);
    }
    return started.instantTime().value();
  }

  /** Tags against the latest base files, plans, routes and writes each file group. */
  private List<WriteStat> writeFiles(
      StartedInstant started, List<GenericRecord> records, boolean delete) {
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    Map<String, RecordLocation> stored = new HashMap<>();
    Map<String, List<BaseFile>> latest = new HashMap<>();
    for (String partition : view.partitions()) {
      latest.put(partition, view.latestBaseFiles(partition));
      for (BaseFile file : view.latestBaseFiles(partition)) {
        for (String key :
            BaseFileReader.of(conf, new Path(paths.basePath(), file.relativePath()))
                .readRecordKeys()) {
          stored.put(
              key, RecordLocation.of(partition, file.name().fileId(), file.name().instantTime()));
        }
      }
    }
    WorkloadProfile profile = WorkloadProfile.empty();
    List<TableRecord> tableRecords = new ArrayList<>();
    for (GenericRecord record : records) {
      HoodieKey key = keys.keyOf(record);
      RecordLocation location = stored.get(key.recordKey());
      if (delete && location == null) {
        continue; // a delete of a key the table does not hold writes nothing
      }
      profile = profile.plus(key.partitionPath(), location == null ? null : location.fileId());
      tableRecords.add(
          delete
              ? TableRecord.delete(key.recordKey(), key.partitionPath(), record)
              : TableRecord.upsert(key.recordKey(), key.partitionPath(), record));
    }
    WritePlan plan =
        new WritePlanner(FileSizing.defaults(), UUID::randomUUID).plan(profile, latest, 1024, true);
    Map<Bucket, List<TableRecord>> routed = new LinkedHashMap<>();
    for (TableRecord r : tableRecords) {
      Bucket bucket =
          plan.route(
              r.partitionPath(), r.recordKey(), Optional.ofNullable(stored.get(r.recordKey())));
      routed.computeIfAbsent(bucket, b -> new ArrayList<>()).add(r);
    }
    FileGroupWriter writer =
        transaction
            .fileGroupWriter(started)
            .schema(TripsData.SCHEMA)
            .orderingField(OrderingField.of(TripsData.ORDERING_FIELD))
            .writeToken(WriteToken.of(1, ++attempt, 3))
            .operation(delete ? WriteOperation.DELETE : WriteOperation.UPSERT)
            .build();
    List<WriteStat> stats = new ArrayList<>();
    for (Map.Entry<Bucket, List<TableRecord>> e : routed.entrySet()) {
      stats.add(writer.write(e.getKey(), e.getValue()));
    }
    return stats;
  }
}
