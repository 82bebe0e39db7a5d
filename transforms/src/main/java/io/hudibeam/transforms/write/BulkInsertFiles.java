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
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.transforms.coders.WriteStatCoder;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.transforms.instant.WriteSchemas;
import io.hudibeam.write.RollingCreateHandle;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteContext;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stage 6 for bulk_insert: no index, no profile, no shuffle. Each bundle writes new file groups
 * straight from its records, one open file per partition, rolling to a new file group at the max
 * file size; at most {@value #MAX_OPEN_FILES} files are open, and the least recently used one is
 * closed when another is needed. A retried bundle writes new files; the commit step deletes the
 * failed attempt's files by their markers. A bundle that fails aborts the files it has open (in
 * {@code @Teardown}, or at the start of the next bundle if the runner reuses the instance), so no
 * Parquet writer is dropped open.
 */
public final class BulkInsertFiles
    extends PTransform<PCollection<TableRecord>, PCollection<WriteStat>> {
  private static final long serialVersionUID = 1L;
  static final int MAX_OPEN_FILES = 16;
  private static final Logger LOG = LoggerFactory.getLogger(BulkInsertFiles.class);
  private final FilesSpec spec;
  private final PCollectionView<StartedInstant> started;

  public BulkInsertFiles(FilesSpec spec, PCollectionView<StartedInstant> started) {
    this.spec = spec;
    this.started = started;
  }

  @Override
  public PCollection<WriteStat> expand(PCollection<TableRecord> records) {
    return records
        .apply(
            "Write new file groups",
            ParDo.of(new BulkInsertFn(spec, started)).withSideInputs(started))
        .setCoder(WriteStatCoder.of());
  }

  static final class BulkInsertFn extends DoFn<TableRecord, WriteStat> {
    private static final long serialVersionUID = 1L;
    private final FilesSpec spec;
    private final PCollectionView<StartedInstant> started;
    private final WriteCounters counters = WriteCounters.of(BulkInsertFiles.class);
    private transient Configuration conf;
    private transient FileSystem fs;
    private transient WriteContext context;
    private transient UUID fileIdPrefix;
    private transient int nextFileIndex;
    private transient Map<String, RollingCreateHandle> open;
    private transient InstantHeartbeat heartbeat;
    private transient StartedInstant instant;

    BulkInsertFn(FilesSpec spec, PCollectionView<StartedInstant> started) {
      this.spec = spec;
      this.started = started;
    }

    @Setup
    public void setup() {
      conf = spec.hadoopConfiguration();
      fs = spec.fileSystem(conf);
      heartbeat = InstantHeartbeat.of(spec.paths(), spec.heartbeat(), fs);
    }

    @StartBundle
    public void startBundle() {
      abortOpenFiles();
      context = null;
      instant = null;
      open = new LinkedHashMap<>(16, 0.75f, true);
    }

    @ProcessElement
    public void process(@Element TableRecord record, ProcessContext c) {
      // The side input is read once per bundle (in write()): reading it for every record cost
      // about 6% of a bulk insert's CPU on the FlinkRunner (docs/benchmark.md, issue 41).
      if (context != null) {
        heartbeat.refresh(instant);
      }
      try {
        write(record, c);
      } catch (RuntimeException | Error e) {
        heartbeat.releaseAfterFailure(e);
        throw e;
      }
    }

    private void write(TableRecord record, ProcessContext c) {
      if (context == null) {
        instant = c.sideInput(started);
        heartbeat.refresh(instant);
        context =
            WriteContext.builder()
                .conf(conf)
                .fs(fs)
                .paths(spec.paths())
                .instant(instant.instantTime())
                .schema(WriteSchemas.of(instant, spec.schemaJson()))
                .parquet(spec.parquet())
                .orderingField(spec.orderingField())
                .writeToken(WriteTokens.newToken())
                .build();
        fileIdPrefix = UUID.randomUUID();
        nextFileIndex = 0;
      }
      if (record.isDelete()) {
        return;
      }
      RollingCreateHandle handle = open.get(record.partitionPath());
      if (handle == null) {
        if (open.size() >= MAX_OPEN_FILES) {
          String eldest = open.keySet().iterator().next();
          emit(open.remove(eldest).close(), c);
        }
        handle = new RollingCreateHandle(context, record.partitionPath(), this::nextFileGroup);
        open.put(record.partitionPath(), handle);
      }
      emit(handle.write(record), c);
    }

    private FileGroupId nextFileGroup(String partition) {
      return FileGroupId.of(partition, FileId.of(fileIdPrefix, nextFileIndex++));
    }

    private void emit(Iterable<WriteStat> stats, ProcessContext c) {
      for (WriteStat stat : stats) {
        counters.count(stat);
        c.output(stat);
      }
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext c) {
      try {
        for (RollingCreateHandle handle : open.values()) {
          for (WriteStat stat : handle.close()) {
            counters.count(stat);
            c.output(stat, GlobalWindow.INSTANCE.maxTimestamp(), GlobalWindow.INSTANCE);
          }
        }
      } catch (RuntimeException | Error e) {
        heartbeat.releaseAfterFailure(e);
        throw e;
      }
      open.clear();
    }

    /** Aborts the files a failed bundle left open; the commit deletes them by their markers. */
    @Teardown
    public void teardown() {
      abortOpenFiles();
    }

    private void abortOpenFiles() {
      if (open == null) {
        return;
      }
      for (RollingCreateHandle handle : open.values()) {
        try {
          handle.abort();
        } catch (RuntimeException e) {
          LOG.warn(
              "Table {}: cannot abort an open bulk-insert file; its marker names it for the commit",
              spec.paths(),
              e);
        }
      }
      open.clear();
    }
  }
}
