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
package io.hudibeam.transforms.index;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.util.List;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * SIMPLE and GLOBAL_SIMPLE index (Hudi's HoodieSimpleIndex and HoodieGlobalSimpleIndex) for upserts
 * and deletes. SIMPLE: the keys of the latest base files of the partitions the records touch are
 * read (one file per task, after a reshuffle) and joined with the incoming keys on (record key,
 * partition path). GLOBAL_SIMPLE: every partition's files, joined on the record key alone; a record
 * whose partition changed becomes a delete at its old location plus an insert at its new one.
 *
 * <pre>
 * records ─┬─ latest base files ─ Reshuffle ─ read keys ─┐
 *          └───────────── key shard ── Flatten, GroupByKey ─┴─ one per key, tag   ({@link IndexJoin})
 * </pre>
 */
final class TagBySimpleIndex extends IndexStage {
  private static final long serialVersionUID = 1L;

  TagBySimpleIndex(WriteSpec spec, PCollectionView<StartedInstant> started) {
    super(spec.index().isGlobal() ? "Global simple index" : "Simple index", spec, started);
  }

  @Override
  public PCollection<TaggedRecord> expand(PCollection<TableRecord> records) {
    LatestBaseFiles.Scope scope =
        spec.index().isGlobal()
            ? LatestBaseFiles.Scope.ALL_PARTITIONS
            : LatestBaseFiles.Scope.TOUCHED_PARTITIONS;
    PCollection<KV<Integer, KV<RecordLocation, List<String>>>> storedKeys =
        records
            .apply("Latest base files", new LatestBaseFiles(spec, started, scope))
            .apply("Spread base files", Reshuffle.viaRandomKey())
            .apply("Read stored keys", ParDo.of(new ReadKeysFn(spec)))
            .setCoder(IndexJoin.storedKeysCoder());
    return IndexJoin.join(spec, records, storedKeys);
  }

  /** Every record key of a base file, with the file's location, in one batch per key shard. */
  static final class ReadKeysFn
      extends DoFn<BaseFile, KV<Integer, KV<RecordLocation, List<String>>>> {
    private static final long serialVersionUID = 1L;
    private final WriteSpec spec;
    private final Counter filesRead = Metrics.counter(TagLocations.class, "baseFilesRead");
    private final Counter keysRead = Metrics.counter(TagLocations.class, "storedKeysRead");
    private transient Configuration conf;

    ReadKeysFn(WriteSpec spec) {
      this.spec = spec;
    }

    @Setup
    public void setup() {
      conf = spec.hadoopConfiguration();
    }

    @ProcessElement
    public void process(
        @Element BaseFile file, OutputReceiver<KV<Integer, KV<RecordLocation, List<String>>>> out) {
      RecordLocation location = LatestBaseFiles.locationOf(file);
      List<String> keys =
          BaseFileReader.of(conf, new Path(spec.paths().basePath(), file.relativePath()))
              .readRecordKeys();
      filesRead.inc();
      keysRead.inc(keys.size());
      IndexJoin.storedKeysByShard(location, keys).forEach(out::output);
    }
  }
}
