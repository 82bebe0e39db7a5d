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
import io.hudibeam.files.FileSystemView;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.coders.BaseFileCoder;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CoderRegistry;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.SetCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The latest base files an index reads, derived from the records (never from an Impulse, so the
 * step runs once per window of the records): the distinct partition paths of the records are
 * gathered into one list, and one call loads the timeline and the file-system view once and lists
 * the latest base file of every file group of those partitions ({@link Scope#TOUCHED_PARTITIONS})
 * or of the whole table ({@link Scope#ALL_PARTITIONS}, for a global index). The view is the one the
 * started instant is based on: the completed instants before it (Hudi's {@code
 * HoodieIndexUtils.getLatestBaseFilesForPartition} reads the latest base files before or on the
 * last completed commit). No records, no listing.
 *
 * <pre>
 * records ─ partition paths (per bundle) ─ touched partitions (one list) ─ list latest base files
 * </pre>
 *
 * <p>The listing of the partitions runs in one task, one partition after the other.
 */
final class LatestBaseFiles extends PTransform<PCollection<TableRecord>, PCollection<BaseFile>> {
  private static final long serialVersionUID = 1L;

  /** Which partitions' latest base files an index reads. */
  enum Scope {
    /** The partitions the records touch: SIMPLE, BLOOM, BUCKET. */
    TOUCHED_PARTITIONS,
    /** Every partition of the table: GLOBAL_SIMPLE. */
    ALL_PARTITIONS
  }

  private final WriteSpec spec;
  private final PCollectionView<StartedInstant> started;
  private final Scope scope;

  LatestBaseFiles(WriteSpec spec, PCollectionView<StartedInstant> started, Scope scope) {
    this.spec = spec;
    this.started = started;
    this.scope = scope;
  }

  @Override
  public PCollection<BaseFile> expand(PCollection<TableRecord> records) {
    return records
        .apply("Partition paths", ParDo.of(new PartitionPathsFn()))
        .setCoder(StringUtf8Coder.of())
        .apply("Touched partitions", Combine.globally(new TouchedPartitionsFn()).withoutDefaults())
        .setCoder(ListCoder.of(StringUtf8Coder.of()))
        .apply(
            scope == Scope.ALL_PARTITIONS ? "List all latest base files" : "List latest base files",
            ParDo.of(new ListLatestBaseFilesFn(spec, started, scope)).withSideInputs(started))
        .setCoder(BaseFileCoder.of());
  }

  /** The location of the records of a base file: its partition, file group and instant. */
  static RecordLocation locationOf(BaseFile file) {
    return RecordLocation.of(file.partitionPath(), file.name().fileId(), file.name().instantTime());
  }

  /**
   * The distinct partition paths of a bundle, per window, output when it finishes: the combine that
   * follows sees one element per partition per bundle, not one per record.
   */
  static final class PartitionPathsFn extends DoFn<TableRecord, String> {
    private static final long serialVersionUID = 1L;
    private transient Map<BoundedWindow, Set<String>> partitionsByWindow;

    @StartBundle
    public void startBundle() {
      partitionsByWindow = new HashMap<>();
    }

    @ProcessElement
    public void process(@Element TableRecord record, BoundedWindow window) {
      partitionsByWindow.computeIfAbsent(window, w -> new HashSet<>()).add(record.partitionPath());
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      for (Map.Entry<BoundedWindow, Set<String>> entry : partitionsByWindow.entrySet()) {
        BoundedWindow window = entry.getKey();
        for (String partition : entry.getValue()) {
          context.output(partition, window.maxTimestamp(), window);
        }
      }
      partitionsByWindow = null;
    }
  }

  /** The distinct partition paths, sorted. */
  static final class TouchedPartitionsFn
      extends Combine.CombineFn<String, Set<String>, List<String>> {
    private static final long serialVersionUID = 1L;

    @Override
    public Set<String> createAccumulator() {
      return new HashSet<>();
    }

    @Override
    public Set<String> addInput(Set<String> partitions, String partition) {
      partitions.add(partition);
      return partitions;
    }

    @Override
    public Set<String> mergeAccumulators(Iterable<Set<String>> accumulators) {
      Set<String> merged = new HashSet<>();
      accumulators.forEach(merged::addAll);
      return merged;
    }

    @Override
    public List<String> extractOutput(Set<String> partitions) {
      List<String> sorted = new ArrayList<>(partitions);
      Collections.sort(sorted);
      return sorted;
    }

    @Override
    public Coder<Set<String>> getAccumulatorCoder(
        CoderRegistry registry, Coder<String> inputCoder) {
      return SetCoder.of(StringUtf8Coder.of());
    }
  }

  /**
   * Loads the timeline and the file-system view once for the list of touched partitions and outputs
   * their latest base files.
   */
  static final class ListLatestBaseFilesFn extends DoFn<List<String>, BaseFile> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ListLatestBaseFilesFn.class);
    private final WriteSpec spec;
    private final PCollectionView<StartedInstant> started;
    private final Scope scope;
    private final Counter listings = Metrics.counter(TagLocations.class, "latestBaseFileListings");

    ListLatestBaseFilesFn(WriteSpec spec, PCollectionView<StartedInstant> started, Scope scope) {
      this.spec = spec;
      this.started = started;
      this.scope = scope;
    }

    @ProcessElement
    public void process(
        @Element List<String> touched, OutputReceiver<BaseFile> out, ProcessContext c) {
      StartedInstant instant = c.sideInput(started);
      FileSystem fs = spec.fileSystem(spec.hadoopConfiguration());
      InstantHeartbeat heartbeat = InstantHeartbeat.of(spec, fs);
      heartbeat.refresh(instant);
      try {
        list(fs, instant, touched, out);
      } catch (RuntimeException | Error e) {
        heartbeat.releaseAfterFailure(e);
        throw e;
      }
    }

    private void list(
        FileSystem fs, StartedInstant instant, List<String> touched, OutputReceiver<BaseFile> out) {
      TablePaths paths = spec.paths();
      Timeline before =
          Timeline.load(fs, paths).filter(i -> i.time().isBefore(instant.instantTime()));
      FileSystemView view =
          scope == Scope.ALL_PARTITIONS
              ? FileSystemView.load(fs, paths, before)
              : FileSystemView.load(fs, paths, before, touched);
      List<BaseFile> files = view.latestBaseFiles();
      listings.inc();
      LOG.debug(
          "Table {} instant {}: {} latest base files in {} partitions",
          paths.basePath(),
          instant.instantTime().value(),
          files.size(),
          view.partitions().size());
      files.forEach(out::output);
    }
  }
}
