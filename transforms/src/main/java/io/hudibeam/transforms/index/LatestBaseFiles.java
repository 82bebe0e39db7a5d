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

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileListing;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.index.KeyRange;
import io.hudibeam.metadatatable.FileListings;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineLayout;
import io.hudibeam.transforms.coders.BaseFileCoder;
import io.hudibeam.transforms.coders.KeyRangeCoder;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CoderRegistry;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.MapCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Keys;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The latest base files an index reads, derived from the records (never from an Impulse, so the
 * step runs once per window of the records), each with the {@link KeyRange range} of the incoming
 * record keys of its partition (of every partition, for a global index): the partition paths of the
 * records and their key ranges are gathered into one map, and one call loads the timeline and the
 * file-system view once and lists the latest base file of every file group of those partitions
 * ({@link Scope#TOUCHED_PARTITIONS}) or of the whole table ({@link Scope#ALL_PARTITIONS}, for a
 * global index). The view is the one the started instant is based on: the completed instants before
 * it (Hudi's {@code HoodieIndexUtils.getLatestBaseFilesForPartition} reads the latest base files
 * before or on the last completed commit). No records, no listing.
 *
 * <pre>
 * records ─ key range per partition (per bundle) ─ touched partitions (one map) ─ list latest base files
 * </pre>
 *
 * <p>The listing of the partitions runs in one task, one partition after the other.
 */
final class LatestBaseFiles
    extends PTransform<PCollection<TableRecord>, PCollection<KV<BaseFile, KeyRange>>> {
  private static final long serialVersionUID = 1L;

  /** Which partitions' latest base files an index reads. */
  enum Scope {
    /** The partitions the records touch: SIMPLE, BLOOM, BUCKET. */
    TOUCHED_PARTITIONS,
    /** Every partition of the table: GLOBAL_SIMPLE. */
    ALL_PARTITIONS
  }

  private final IndexSpec spec;
  private final PCollectionView<StartedInstant> started;
  private final Scope scope;

  LatestBaseFiles(IndexSpec spec, PCollectionView<StartedInstant> started, Scope scope) {
    this.spec = spec;
    this.started = started;
    this.scope = scope;
  }

  @Override
  public PCollection<KV<BaseFile, KeyRange>> expand(PCollection<TableRecord> records) {
    return records
        .apply("Key ranges by partition", ParDo.of(new PartitionKeyRangesFn()))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), KeyRangeCoder.of()))
        .apply("Touched partitions", Combine.globally(new TouchedPartitionsFn()).withoutDefaults())
        .setCoder(TouchedPartitionsFn.MAP_CODER)
        .apply(
            scope == Scope.ALL_PARTITIONS ? "List all latest base files" : "List latest base files",
            ParDo.of(new ListLatestBaseFilesFn(spec, started, scope)).withSideInputs(started))
        .setCoder(KvCoder.of(BaseFileCoder.of(), KeyRangeCoder.of()));
  }

  /** The base files alone, for an index that needs no key range. */
  static PCollection<BaseFile> baseFiles(PCollection<KV<BaseFile, KeyRange>> listed) {
    return listed.apply("Base files", Keys.create()).setCoder(BaseFileCoder.of());
  }

  /** The location of the records of a base file: its partition, file group and instant. */
  static RecordLocation locationOf(BaseFile file) {
    return RecordLocation.of(file.partitionPath(), file.name().fileId(), file.name().instantTime());
  }

  /**
   * The range of the record keys of each partition of a bundle, per window, output when it
   * finishes: the combine that follows sees one element per partition per bundle, not one per
   * record.
   */
  static final class PartitionKeyRangesFn extends DoFn<TableRecord, KV<String, KeyRange>> {
    private static final long serialVersionUID = 1L;
    private transient Map<BoundedWindow, Map<String, KeyRange>> rangesByWindow;

    @StartBundle
    public void startBundle() {
      rangesByWindow = new HashMap<>();
    }

    @ProcessElement
    public void process(@Element TableRecord record, BoundedWindow window) {
      rangesByWindow
          .computeIfAbsent(window, w -> new HashMap<>())
          .compute(
              record.partitionPath(),
              (partition, range) ->
                  range == null ? KeyRange.of(record.recordKey()) : range.with(record.recordKey()));
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      for (Map.Entry<BoundedWindow, Map<String, KeyRange>> entry : rangesByWindow.entrySet()) {
        BoundedWindow window = entry.getKey();
        entry
            .getValue()
            .forEach(
                (partition, range) ->
                    context.output(KV.of(partition, range), window.maxTimestamp(), window));
      }
      rangesByWindow = null;
    }
  }

  /** The touched partition paths, each with the range of its incoming record keys. */
  static final class TouchedPartitionsFn
      extends Combine.CombineFn<
          KV<String, KeyRange>, Map<String, KeyRange>, Map<String, KeyRange>> {
    private static final long serialVersionUID = 1L;
    static final Coder<Map<String, KeyRange>> MAP_CODER =
        MapCoder.of(StringUtf8Coder.of(), KeyRangeCoder.of());

    @Override
    public Map<String, KeyRange> createAccumulator() {
      return new HashMap<>();
    }

    @Override
    public Map<String, KeyRange> addInput(
        Map<String, KeyRange> ranges, KV<String, KeyRange> range) {
      ranges.merge(range.getKey(), range.getValue(), KeyRange::union);
      return ranges;
    }

    @Override
    public Map<String, KeyRange> mergeAccumulators(Iterable<Map<String, KeyRange>> accumulators) {
      Map<String, KeyRange> merged = new HashMap<>();
      accumulators.forEach(ranges -> ranges.forEach((p, r) -> merged.merge(p, r, KeyRange::union)));
      return merged;
    }

    @Override
    public Map<String, KeyRange> extractOutput(Map<String, KeyRange> ranges) {
      return ranges;
    }

    @Override
    public Coder<Map<String, KeyRange>> getAccumulatorCoder(
        CoderRegistry registry, Coder<KV<String, KeyRange>> inputCoder) {
      return MAP_CODER;
    }
  }

  /**
   * Loads the timeline and the file-system view once for the touched partitions and outputs their
   * latest base files, each with its partition's incoming key range (the range of all incoming
   * keys, for every partition's files, with {@link Scope#ALL_PARTITIONS}).
   */
  static final class ListLatestBaseFilesFn
      extends DoFn<Map<String, KeyRange>, KV<BaseFile, KeyRange>> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ListLatestBaseFilesFn.class);
    private final IndexSpec spec;
    private final PCollectionView<StartedInstant> started;
    private final Scope scope;
    private final Counter listings = Metrics.counter(TagLocations.class, "latestBaseFileListings");

    ListLatestBaseFilesFn(IndexSpec spec, PCollectionView<StartedInstant> started, Scope scope) {
      this.spec = spec;
      this.started = started;
      this.scope = scope;
    }

    @ProcessElement
    public void process(
        @Element Map<String, KeyRange> touched,
        OutputReceiver<KV<BaseFile, KeyRange>> out,
        ProcessContext c) {
      StartedInstant instant = c.sideInput(started);
      FileSystem fs = spec.fileSystem(spec.hadoopConfiguration());
      InstantHeartbeat heartbeat = InstantHeartbeat.of(spec.paths(), spec.heartbeat(), fs);
      heartbeat.refresh(instant);
      try {
        list(fs, instant, touched, out);
      } catch (RuntimeException | Error e) {
        heartbeat.releaseAfterFailure(e);
        throw e;
      }
    }

    private void list(
        FileSystem fs,
        StartedInstant instant,
        Map<String, KeyRange> touched,
        OutputReceiver<KV<BaseFile, KeyRange>> out) {
      TablePaths paths = spec.paths();
      // The table version (the timeline's layout) as the start read it: no second read of
      // hoodie.properties per listing (docs/object-stores.md).
      TableVersion version = instant.tableConfig().version();
      Timeline before =
          Timeline.load(fs, paths, TimelineLayout.of(version))
              .filter(i -> i.time().isBefore(instant.instantTime()));
      FileListing listing = FileListings.forTable(fs, paths, instant.tableConfig(), before);
      FileSystemView view =
          FileSystemView.load(
              listing,
              fs,
              paths,
              before,
              scope == Scope.ALL_PARTITIONS
                  ? listing.partitions()
                  : new ArrayList<>(new TreeSet<>(touched.keySet())),
              version);
      List<BaseFile> files = view.latestBaseFiles();
      listings.inc();
      LOG.debug(
          "Table {} instant {}: {} latest base files in {} partitions",
          paths.basePath(),
          instant.instantTime().value(),
          files.size(),
          view.partitions().size());
      KeyRange everyKey = touched.values().stream().reduce(KeyRange::union).orElseThrow();
      for (BaseFile file : files) {
        KeyRange range =
            scope == Scope.ALL_PARTITIONS ? everyKey : touched.get(file.partitionPath());
        if (range == null) {
          throw new IllegalStateException(
              "Base file "
                  + file.relativePath()
                  + " was listed for partition '"
                  + file.partitionPath()
                  + "', which no incoming record touches");
        }
        out.output(KV.of(file, range));
      }
    }
  }
}
