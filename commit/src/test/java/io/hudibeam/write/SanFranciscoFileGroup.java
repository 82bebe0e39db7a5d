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
package io.hudibeam.write;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Timeline;
import java.io.File;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * A trips table whose tests write one file group of san_francisco with the write handles directly:
 * instants started and committed as the write path does, trip {@code 8 * j} being the j-th record
 * of the partition.
 */
final class SanFranciscoFileGroup {
  static final String PARTITION = "san_francisco";

  final Configuration conf = new Configuration();
  final FileSystem fs;
  final TablePaths paths;

  SanFranciscoFileGroup(File baseFolder) throws IOException {
    this.fs = FileSystem.getLocal(conf);
    this.paths = TablePaths.of(baseFolder.getAbsolutePath());
  }

  /** Trip {@code 8 * j}: every one in san_francisco. */
  static GenericRecord trip(long batch, int j) {
    return TripsData.record(batch, 8L * j);
  }

  static String key(int j) {
    return TripsData.key(8L * j);
  }

  StartedInstant start() {
    return new InstantStarter(fs, paths, Clock.systemUTC())
        .start(LocalWrite.tripsTable(), Action.COMMIT);
  }

  /**
   * The write context of attempt {@code attempt} of {@code started}: trips schema, Hudi's Parquet
   * defaults.
   */
  WriteContext context(StartedInstant started, long attempt) {
    return contextBuilder(started, attempt).build();
  }

  WriteContext context(StartedInstant started, long attempt, ParquetSettings parquet) {
    return contextBuilder(started, attempt).parquet(parquet).build();
  }

  WriteContext.Builder contextBuilder(StartedInstant started, long attempt) {
    return WriteContext.builder()
        .conf(conf)
        .fs(fs)
        .paths(paths)
        .instant(started.instantTime())
        .schema(TripsData.SCHEMA)
        .parquet(ParquetSettings.defaults())
        .orderingField(OrderingField.of("ts"))
        .writeToken(WriteToken.of(1, 2, attempt));
  }

  void commit(StartedInstant started, OperationType operation, WriteStat stat) {
    CommitMetadata metadata =
        CommitMetadata.builder()
            .operationType(operation)
            .schema(TripsData.SCHEMA.toString())
            .addWriteStat(stat.partitionPath(), stat)
            .build();
    assertThat(
        new InstantCommitter(fs, paths).commit(started.instantTime(), Action.COMMIT, metadata),
        is(CommitOutcome.COMMITTED));
  }

  /** The first instant: trips 0 to {@code count - 1} of batch 0 in one file group. */
  StartedInstant commitStored(int count, ParquetSettings parquet) {
    StartedInstant first = start();
    List<TableRecord> stored = new ArrayList<>();
    for (int j = 0; j < count; j++) {
      stored.add(TableRecord.upsert(key(j), PARTITION, trip(0, j)));
    }
    FileGroupId fileGroup =
        FileGroupId.of(PARTITION, FileId.parse("5d1c2a63-3f1e-4b2a-9a55-3d4f0a1b2c3d-0"));
    WriteContext context = contextBuilder(first, 1).parquet(parquet).build();
    commit(first, OperationType.INSERT, new CreateHandle(context).write(fileGroup, stored));
    return first;
  }

  BaseFile latestBaseFile() {
    return FileSystemView.load(fs, paths, Timeline.load(fs, paths))
        .latestBaseFiles(PARTITION)
        .get(0);
  }

  /** The record's fields without _hoodie_file_name, which names each file itself. */
  static List<Object> withoutFileName(GenericRecord record) {
    List<Object> values = new ArrayList<>();
    for (Schema.Field field : record.getSchema().getFields()) {
      if (!field.name().equals(MetaFields.FILE_NAME.fieldName())) {
        values.add(field.name() + "=" + record.get(field.pos()));
      }
    }
    return values;
  }
}
