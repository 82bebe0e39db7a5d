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
import io.hudibeam.index.FileKeyLookup;
import io.hudibeam.index.FileKeyRange;
import io.hudibeam.index.KeyRangeFilter;
import io.hudibeam.transforms.ElementBatches;
import io.hudibeam.transforms.coders.BaseFileCoder;
import io.hudibeam.transforms.coders.FileKeyRangeCoder;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * BLOOM index (Hudi's HoodieBloomIndex) for upserts and deletes: only the footers' key ranges of
 * the latest base files of the touched partitions are a side input; each incoming key becomes a
 * (file, key) candidate for every file whose range may hold it; per file, the candidates are
 * checked against its bloom filter and confirmed against its keys; the confirmed keys are joined
 * with the records as the SIMPLE index does ({@link IndexJoin}).
 *
 * <p>On unbounded input (a streaming write) the candidate keys are packed per bundle and file
 * before the GroupByKey ({@link ElementBatches}): a streaming GroupByKey on Flink keeps each value
 * in state and sets a timer for it, and every incoming key is a candidate for every file of its
 * partition whose key range may hold it (with random keys, every file of the partition), so
 * unpacked the candidates cost as many state entries as the interval has records. A batch write
 * groups the candidates themselves (a bundle there can be a whole input split).
 *
 * <pre>
 * records ─ latest base files ─ Reshuffle ─ read footers ─ key ranges (side input)
 * records ─ candidate (file, key) ─ GroupByKey(file) ─ bloom filter + keys ─ join as SIMPLE
 * </pre>
 */
final class TagByBloomIndex extends IndexStage {
  private static final long serialVersionUID = 1L;

  TagByBloomIndex(IndexSpec spec, PCollectionView<StartedInstant> started) {
    super("Bloom index", spec, started);
  }

  @Override
  public PCollection<TaggedRecord> expand(PCollection<TableRecord> records) {
    PCollectionView<List<FileKeyRange>> ranges =
        LatestBaseFiles.baseFiles(
                records.apply(
                    "Latest base files",
                    new LatestBaseFiles(spec, started, LatestBaseFiles.Scope.TOUCHED_PARTITIONS)))
            .apply("Spread footers", Reshuffle.viaRandomKey())
            .apply("Read key ranges", ParDo.of(new ReadKeyRangeFn(spec)))
            .setCoder(FileKeyRangeCoder.of())
            .apply("Key ranges", View.asList());
    PCollection<KV<BaseFile, String>> candidates =
        records
            .apply("Candidate files", ParDo.of(new CandidateFilesFn(ranges)).withSideInputs(ranges))
            .setCoder(KvCoder.of(BaseFileCoder.of(), StringUtf8Coder.of()));
    PCollection<KV<Integer, KV<RecordLocation, List<String>>>> storedKeys =
        records.isBounded() == PCollection.IsBounded.BOUNDED
            ? candidates
                .apply("Group candidates by file", GroupByKey.create())
                .apply(
                    "Check bloom filters and keys",
                    ParDo.of(new LookupKeysFn<String>(spec, keys -> keys)))
                .setCoder(IndexJoin.storedKeysCoder())
            : ElementBatches.packedAndGrouped(
                    candidates,
                    "Pack candidates per file",
                    "Group candidate batches by file",
                    BaseFileCoder.of(),
                    StringUtf8Coder.of())
                .apply(
                    "Check bloom filters and keys",
                    ParDo.of(
                        new LookupKeysFn<byte[]>(
                            spec,
                            batches -> ElementBatches.elements(batches, StringUtf8Coder.of()))))
                .setCoder(IndexJoin.storedKeysCoder());
    return IndexJoin.join(spec, records, storedKeys);
  }

  static final class ReadKeyRangeFn extends DoFn<BaseFile, FileKeyRange> {
    private static final long serialVersionUID = 1L;
    private final IndexSpec spec;
    private transient Configuration conf;

    ReadKeyRangeFn(IndexSpec spec) {
      this.spec = spec;
    }

    @Setup
    public void setup() {
      conf = spec.hadoopConfiguration();
    }

    @ProcessElement
    public void process(@Element BaseFile file, OutputReceiver<FileKeyRange> out) {
      Path path = new Path(spec.paths().basePath(), file.relativePath());
      out.output(FileKeyRange.fromFooter(file, BaseFileReader.of(conf, path).readFooter()));
    }
  }

  static final class CandidateFilesFn extends DoFn<TableRecord, KV<BaseFile, String>> {
    private static final long serialVersionUID = 1L;
    private final PCollectionView<List<FileKeyRange>> ranges;
    private final Counter candidates =
        Metrics.counter(TagLocations.class, "bloomIndexCandidatePairs");
    private transient Map<BoundedWindow, KeyRangeFilter> filters;

    CandidateFilesFn(PCollectionView<List<FileKeyRange>> ranges) {
      this.ranges = ranges;
    }

    /** The side input is read once per window per bundle, not once per record. */
    @StartBundle
    public void startBundle() {
      filters = new HashMap<>();
    }

    @ProcessElement
    public void process(
        @Element TableRecord record,
        BoundedWindow window,
        OutputReceiver<KV<BaseFile, String>> out,
        ProcessContext c) {
      KeyRangeFilter filter =
          filters.computeIfAbsent(window, w -> KeyRangeFilter.of(c.sideInput(ranges)));
      for (BaseFile file : filter.candidates(record.partitionPath(), record.recordKey())) {
        candidates.inc();
        out.output(KV.of(file, record.recordKey()));
      }
    }
  }

  static final class LookupKeysFn<V>
      extends DoFn<KV<BaseFile, Iterable<V>>, KV<Integer, KV<RecordLocation, List<String>>>> {
    private static final long serialVersionUID = 1L;
    private final IndexSpec spec;
    private final ElementBatches.ValuesOf<V, String> keysOf;
    private final Counter filesChecked =
        Metrics.counter(TagLocations.class, "bloomIndexFilesChecked");
    private final Counter lookups = Metrics.counter(TagLocations.class, "bloomIndexLookups");
    private final Counter bloomMatches = Metrics.counter(TagLocations.class, "bloomFilterMatches");
    private final Counter confirmed =
        Metrics.counter(TagLocations.class, "bloomIndexKeysConfirmed");
    private transient Configuration conf;

    LookupKeysFn(IndexSpec spec, ElementBatches.ValuesOf<V, String> keysOf) {
      this.spec = spec;
      this.keysOf = keysOf;
    }

    @Setup
    public void setup() {
      conf = spec.hadoopConfiguration();
    }

    /**
     * Looks the candidates of one file up in chunks of at most half the merge budget ({@code
     * hoodie.memory.merge.*}, estimated as {@link StoredKeys} does): a file's candidates grow with
     * the input. Each chunk reads the file's bloom filter and, if it passes any, its keys; a key
     * that comes in two chunks is confirmed twice, which the join counts once.
     */
    @ProcessElement
    public void process(
        @Element KV<BaseFile, Iterable<V>> candidates,
        OutputReceiver<KV<Integer, KV<RecordLocation, List<String>>>> out) {
      BaseFile file = candidates.getKey();
      long budget = spec.memory().budgetBytes() / 2;
      List<String> keys = new ArrayList<>();
      long estimated = 0;
      for (String key : keysOf.of(candidates.getValue())) {
        long estimate = StoredKeys.KEY_OVERHEAD_BYTES + 2L * key.length();
        if (!keys.isEmpty() && estimated + estimate > budget) {
          lookup(file, keys, out);
          keys = new ArrayList<>();
          estimated = 0;
        }
        keys.add(key);
        estimated += estimate;
      }
      lookup(file, keys, out);
      filesChecked.inc();
    }

    private void lookup(
        BaseFile file,
        List<String> keys,
        OutputReceiver<KV<Integer, KV<RecordLocation, List<String>>>> out) {
      Path path = new Path(spec.paths().basePath(), file.relativePath());
      FileKeyLookup.Result result = FileKeyLookup.of(BaseFileReader.of(conf, path)).lookup(keys);
      lookups.inc();
      bloomMatches.inc(result.bloomFilterMatches());
      confirmed.inc(result.confirmedKeys().size());
      IndexJoin.storedKeysByShard(LatestBaseFiles.locationOf(file), result.confirmedKeys())
          .forEach(out::output);
    }
  }
}
