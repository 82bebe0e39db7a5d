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
package io.hudibeam.transforms.plan;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.FileListing;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.metadatatable.FileListings;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.transforms.coders.BucketCoder;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.write.AverageRecordSize;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.InsertAssigner;
import io.hudibeam.write.TableRecord;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.DefaultTrigger;
import org.apache.beam.sdk.transforms.windowing.GlobalWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.transforms.windowing.WindowFn;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.fs.FileSystem;
import org.joda.time.Duration;

/**
 * Stage 5b of a streaming copy-on-write write with a SIMPLE, GLOBAL_SIMPLE or BLOOM index: the
 * bucket assigner (Hudi's Flink {@code BucketAssignFunction} and {@code BucketAssigner}). Inserts
 * are keyed by partition path and routed to file groups as they arrive, in a stateful DoFn whose
 * only state per partition is the instant being written and the count of its inserts assigned so
 * far; the next instant starts the count again, so the state is one interval's, and bounded by the
 * number of partitions. {@link InsertAssigner} turns the count into a file group: the partition's
 * small files first, with the capacity they had after the last committed instant, then new file
 * groups of max file size, with file ids derived from the instant and the partition path. Updates
 * and deletes are not routed here (see {@link AssignBuckets#existingFileGroups}).
 *
 * <p>The assigner runs in the global window and its output goes back into the commit intervals by
 * timestamp (each batch keeps its interval's end as timestamp). With its state per interval window
 * instead, the DirectRunner was measured to write an interval's files only at the end of input (the
 * stream's first commit came after its last interval). One interval at a time reaches the assigner:
 * an interval's inserts wait for its instant, which starts after the previous instant is completed,
 * and so after all of the previous interval's inserts were assigned.
 *
 * <p>Inserts reach the assigner in batches, one per bundle, commit interval and partition (at most
 * {@value #MAX_BATCH} records each): a runner pays per element of a keyed step (a streaming
 * stateful DoFn on Flink reads and writes state and sets a cleanup timer for each).
 *
 * <p>A retried bundle starts from the state its first attempt started from; if its inserts arrive
 * in another order they may route differently, but the first attempt's output is discarded with it,
 * and the files it wrote are not committed (markers). Every attempt's assignment is complete and
 * one writer per file group holds: a partition's inserts all pass through one key.
 */
public final class AssignInserts
    extends PTransform<PCollection<TaggedRecord>, PCollection<KV<Bucket, TableRecord>>> {
  private static final long serialVersionUID = 1L;
  static final int MAX_BATCH = 1000;
  private final PlanSpec spec;
  private final PCollectionView<StartedInstant> started;

  public AssignInserts(PlanSpec spec, PCollectionView<StartedInstant> started) {
    this.spec = spec;
    this.started = started;
  }

  @Override
  public PCollection<KV<Bucket, TableRecord>> expand(PCollection<TaggedRecord> tagged) {
    TableRecordCoder records = TableRecordCoder.of(spec.schema());
    return tagged
        .apply(
            "Batch inserts per partition",
            ParDo.of(new BatchInsertsFn(started)).withSideInputs(started))
        .setCoder(
            KvCoder.of(
                StringUtf8Coder.of(), KvCoder.of(StringUtf8Coder.of(), ListCoder.of(records))))
        .apply("Into the global window", Window.into(new GlobalWindows()))
        .apply("Assign inserts", ParDo.of(new AssignFn(spec)))
        .setCoder(KvCoder.of(BucketCoder.of(), records))
        .apply("Back into commit intervals", intoWindowsOf(tagged));
  }

  /** Into the input's windows (the commit intervals), with its default trigger. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Window<KV<Bucket, TableRecord>> intoWindowsOf(PCollection<?> input) {
    WindowFn windowFn = input.getWindowingStrategy().getWindowFn();
    return Window.<KV<Bucket, TableRecord>>into(windowFn)
        .triggering(DefaultTrigger.of())
        .withAllowedLateness(Duration.ZERO)
        .discardingFiredPanes();
  }

  /**
   * Collects a bundle's inserts per commit interval and partition path; outputs a batch, (partition
   * path, (instant time, inserts)), when it holds {@value #MAX_BATCH} records and the rest when the
   * bundle finishes. The interval's instant is read here, as a side input, so that the stateful
   * assigner has none (its elements never wait for one).
   */
  static final class BatchInsertsFn
      extends DoFn<TaggedRecord, KV<String, KV<String, List<TableRecord>>>> {
    private static final long serialVersionUID = 1L;
    private final PCollectionView<StartedInstant> started;
    private transient Map<BoundedWindow, Batches> batches;

    /** One interval's batches in a bundle, with the interval's instant time. */
    private record Batches(String instantTime, Map<String, List<TableRecord>> byPartition) {}

    BatchInsertsFn(PCollectionView<StartedInstant> started) {
      this.started = started;
    }

    @StartBundle
    public void startBundle() {
      batches = new HashMap<>();
    }

    @ProcessElement
    public void process(
        @Element TaggedRecord tagged,
        BoundedWindow window,
        OutputReceiver<KV<String, KV<String, List<TableRecord>>>> out,
        ProcessContext c) {
      TableRecord record = tagged.record();
      if (tagged.location().isPresent() || record.isDelete()) {
        return;
      }
      Batches interval = batches.get(window);
      if (interval == null) {
        interval = new Batches(c.sideInput(started).instantTime().value(), new HashMap<>());
        batches.put(window, interval);
      }
      List<TableRecord> batch =
          interval.byPartition().computeIfAbsent(record.partitionPath(), p -> new ArrayList<>());
      batch.add(record);
      if (batch.size() >= MAX_BATCH) {
        out.output(KV.of(record.partitionPath(), KV.of(interval.instantTime(), batch)));
        interval.byPartition().remove(record.partitionPath());
      }
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      batches.forEach(
          (window, interval) ->
              interval
                  .byPartition()
                  .forEach(
                      (partition, batch) ->
                          context.output(
                              KV.of(partition, KV.of(interval.instantTime(), batch)),
                              window.maxTimestamp(),
                              window)));
      batches = null;
    }
  }

  /**
   * Assigns each insert of a batch to a file group: the partition's count of assigned inserts (its
   * state) numbers the insert for {@link InsertAssigner}.
   */
  static final class AssignFn
      extends DoFn<KV<String, KV<String, List<TableRecord>>>, KV<Bucket, TableRecord>> {
    private static final long serialVersionUID = 1L;
    private final PlanSpec spec;

    /** The instant being written and the count of its inserts assigned in this partition. */
    @StateId("assigned")
    private final StateSpec<ValueState<KV<String, Long>>> assignedSpec =
        StateSpecs.value(KvCoder.of(StringUtf8Coder.of(), VarLongCoder.of()));

    /**
     * The instant being written, its timeline and average record size, and its assigners per
     * partition path; made on first use.
     */
    private transient InstantTime assignersInstant;

    private transient Map<String, InsertAssigner> assigners;
    private transient Timeline timeline;
    private transient FileListing listing;
    private transient long averageRecordSize;

    AssignFn(PlanSpec spec) {
      this.spec = spec;
    }

    @ProcessElement
    public void process(
        @Element KV<String, KV<String, List<TableRecord>>> batch,
        @StateId("assigned") ValueState<KV<String, Long>> assigned,
        OutputReceiver<KV<Bucket, TableRecord>> out) {
      String instant = batch.getValue().getKey();
      InsertAssigner assigner = assigner(InstantTime.parse(instant), batch.getKey());
      KV<String, Long> before = assigned.read();
      long n = before == null || !before.getKey().equals(instant) ? 0 : before.getValue();
      for (TableRecord record : batch.getValue().getValue()) {
        out.output(KV.of(assigner.bucketOf(n++), record));
      }
      assigned.write(KV.of(instant, n));
    }

    /**
     * The partition's assigner for the instant: its latest base files and the average record size
     * as the timeline shows them when the instant's first batch arrives, while the instant is the
     * only one this sink writes (the previous one is completed before an instant is started). The
     * timeline and the average record size are read once per instant, the base files once per
     * partition.
     */
    private InsertAssigner assigner(InstantTime instant, String partition) {
      InsertAssigner assigner = instant.equals(assignersInstant) ? assigners.get(partition) : null;
      if (assigner == null) {
        FileSystem fs = spec.fileSystem(spec.hadoopConfiguration());
        TablePaths paths = spec.paths();
        if (!instant.equals(assignersInstant)) {
          assignersInstant = instant;
          assigners = new HashMap<>();
          timeline = Timeline.load(fs, paths);
          listing = FileListings.forTable(fs, paths, timeline);
          averageRecordSize = AverageRecordSize.estimate(fs, paths, timeline, spec.fileSizing());
        }
        FileSystemView view = FileSystemView.load(listing, fs, paths, timeline, List.of(partition));
        assigner =
            InsertAssigner.of(
                partition,
                view.latestBaseFiles(partition),
                spec.fileSizing(),
                averageRecordSize,
                newFileIdPrefix(instant, partition));
        assigners.put(partition, assigner);
      }
      return assigner;
    }

    /**
     * The prefix of a partition's new file ids in an instant: a name-based UUID of both, apart from
     * {@code FileIdPrefixes}' seeds (the instant and a count).
     */
    static UUID newFileIdPrefix(InstantTime instant, String partition) {
      return UUID.nameUUIDFromBytes(
          (instant.value() + "/inserts/" + partition).getBytes(StandardCharsets.UTF_8));
    }
  }
}
