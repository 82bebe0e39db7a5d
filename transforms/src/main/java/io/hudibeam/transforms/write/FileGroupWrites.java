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
package io.hudibeam.transforms.write;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.transforms.instant.WriteSchemas;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.FileGroupWriter;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteTransaction;
import java.io.Serializable;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Writes one file group per call, for the writers after the GroupByKey of {@link WriteFileGroups}
 * (the batch write's and the streaming write's): refreshes the instant's heartbeat, builds the file
 * group writer (a new write token each), writes the group's records as they are iterated, and
 * counts the stat and the merge's spilled records in {@link WriteFileGroups}' namespace. A failure
 * releases the heartbeat before it is rethrown. {@link #setup} opens the file system once per DoFn
 * instance.
 */
public final class FileGroupWrites implements Serializable {
  private static final long serialVersionUID = 1L;
  private final FilesSpec spec;
  private final WriteCounters counters = WriteCounters.of(WriteFileGroups.class);
  private final Counter spilled =
      Metrics.counter(WriteFileGroups.class, WriteFileGroups.SPILLED_RECORDS);
  private transient InstantHeartbeat heartbeat;
  private transient WriteTransaction transaction;
  private transient org.apache.avro.Schema writeSchema;
  private transient StartedInstant writeSchemaOf;

  public FileGroupWrites(FilesSpec spec) {
    this.spec = spec;
  }

  /** Opens the file system, the heartbeat and the transaction (a DoFn's {@code @Setup}). */
  public void setup() {
    Configuration conf = spec.hadoopConfiguration();
    FileSystem fs = spec.fileSystem(conf);
    heartbeat = InstantHeartbeat.of(spec.paths(), spec.heartbeat(), fs);
    transaction = spec.transaction(conf, fs);
  }

  /** Writes the records of {@code bucket} in {@code instant}; they are iterated once. */
  public WriteStat write(Bucket bucket, StartedInstant instant, Iterable<TableRecord> records) {
    if (!instant.equals(writeSchemaOf)) {
      writeSchema = WriteSchemas.of(instant, spec.schemaJson());
      writeSchemaOf = instant;
    }
    heartbeat.refresh(instant);
    try {
      FileGroupWriter writer =
          transaction
              .fileGroupWriter(instant)
              .schema(writeSchema)
              .parquet(spec.parquet())
              .orderingField(spec.orderingField())
              .writeToken(WriteTokens.newToken())
              .operation(spec.operation())
              .mergeMemory(spec.mergeMemory())
              .logBlockMaxBytes(spec.logBlockMaxBytes())
              .build();
      WriteStat stat = writer.write(bucket, records);
      spilled.inc(writer.spilledRecords());
      counters.count(stat);
      return stat;
    } catch (RuntimeException | Error e) {
      heartbeat.releaseAfterFailure(e);
      throw e;
    }
  }
}
