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
import io.hudibeam.index.FileKeyRange;
import io.hudibeam.index.KeyRange;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.util.ArrayList;
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
 * <p>Only stored keys within the range of the incoming keys (of the file's partition; of all
 * partitions for GLOBAL_SIMPLE) are joined: a key outside it cannot equal an incoming key. A base
 * file whose footer range lies outside it is not read at all. Hudi's SIMPLE index joins every
 * stored key; the tags are the same. Keys that arrive in increasing order (sequences, time-ordered
 * ids) so skip the files already written; keys spread over the stored range skip nothing.
 *
 * <pre>
 * records ─┬─ latest base files ─ Reshuffle ─ read keys in range ─┐
 *          └──────────────── key shard ── Flatten, GroupByKey ─┴─ one per key, tag   ({@link IndexJoin})
 * </pre>
 */
final class TagBySimpleIndex extends IndexStage {
  private static final long serialVersionUID = 1L;

  TagBySimpleIndex(IndexSpec spec, PCollectionView<StartedInstant> started) {
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

  /**
   * The record keys of a base file within the incoming keys' range, with the file's location, in
   * one batch per key shard; nothing when the file's footer range lies outside it.
   */
  static final class ReadKeysFn
      extends DoFn<KV<BaseFile, KeyRange>, KV<Integer, KV<RecordLocation, List<String>>>> {
    private static final long serialVersionUID = 1L;
    private final IndexSpec spec;
    private final Counter filesRead = Metrics.counter(TagLocations.class, "baseFilesRead");
    private final Counter filesSkipped =
        Metrics.counter(TagLocations.class, "baseFilesSkippedByKeyRange");
    private final Counter keysRead = Metrics.counter(TagLocations.class, "storedKeysRead");
    private final Counter keysJoined = Metrics.counter(TagLocations.class, "storedKeysJoined");
    private transient Configuration conf;

    ReadKeysFn(IndexSpec spec) {
      this.spec = spec;
    }

    @Setup
    public void setup() {
      conf = spec.hadoopConfiguration();
    }

    @ProcessElement
    public void process(
        @Element KV<BaseFile, KeyRange> fileAndRange,
        OutputReceiver<KV<Integer, KV<RecordLocation, List<String>>>> out) {
      BaseFile file = fileAndRange.getKey();
      KeyRange incoming = fileAndRange.getValue();
      BaseFileReader reader =
          BaseFileReader.of(conf, new Path(spec.paths().basePath(), file.relativePath()));
      if (incoming.excludes(FileKeyRange.fromFooter(file, reader.readFooter()))) {
        filesSkipped.inc();
        return;
      }
      List<String> keys = new ArrayList<>();
      long[] read = {0};
      reader.forEachRecordKey(
          key -> {
            read[0]++;
            if (incoming.contains(key)) {
              keys.add(key);
            }
          });
      filesRead.inc();
      keysRead.inc(read[0]);
      keysJoined.inc(keys.size());
      IndexJoin.storedKeysByShard(LatestBaseFiles.locationOf(file), keys).forEach(out::output);
    }
  }
}
