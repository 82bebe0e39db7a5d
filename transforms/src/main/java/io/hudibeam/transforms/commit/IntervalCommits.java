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
package io.hudibeam.transforms.commit;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.transforms.coders.StartedInstantCoder;
import io.hudibeam.transforms.coders.WriteStatCoder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.NullableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.SimpleFunction;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The streaming commit step of {@link CommitInstant#perCommitInterval}: each commit interval's
 * write stats and its started instant are grouped under the table's key and committed on one worker
 * by the shared {@link CommitInstant.Committer}.
 */
final class IntervalCommits {
  private IntervalCommits() {}

  static PCollection<CommittedInstant> commit(
      CommitSpec spec, PCollection<WriteStat> stats, PCollection<StartedInstant> perInterval) {
    String table = spec.basePath();
    KvCoder<String, KV<List<WriteStat>, @Nullable StartedInstant>> coder =
        KvCoder.of(
            StringUtf8Coder.of(),
            KvCoder.of(
                ListCoder.of(WriteStatCoder.of()), NullableCoder.of(StartedInstantCoder.of())));
    PCollection<KV<String, KV<List<WriteStat>, @Nullable StartedInstant>>> keyedStats =
        stats.apply("Key write stats", MapElements.via(new KeyStatFn(table))).setCoder(coder);
    PCollection<KV<String, KV<List<WriteStat>, @Nullable StartedInstant>>> intervals =
        perInterval
            .apply("Key started instants", MapElements.via(new KeyIntervalFn(table)))
            .setCoder(coder);
    // The started instant travels with the interval's write stats through the GroupByKey instead
    // of being read as a side input, so that a restore from a savepoint can commit. Beam 2.70's
    // Flink runner keeps side inputs in SideInputHandler state named after the view's tag id
    // ("side-input-data-" and "side-input-available-windows-" + id, in
    // FlinkBroadcastStateInternals), and that id is generated when the pipeline is built
    // (TupleTag.genId: the caller's location and the next value of a Random seeded with 0), so a
    // job built again to be restored from a savepoint names its side-input state differently
    // (measured: two pipelines built in one JVM give the same view two ids) and finds none of the
    // restored values. DoFnOperator checks side-input readiness (SimplePushbackSideInputDoFnRunner)
    // before the @RequiresStableInput buffer (BufferingDoFnRunner), and the buffer, restored from
    // the savepoint under a name that does not depend on the tag, replays the grouped element into
    // the DoFn at the first completed checkpoint without checking again: c.sideInput(started) then
    // failed with "Empty PCollection accessed as a singleton view". A restore from a checkpoint
    // within the job keeps the job graph, so the ids, and worked. The GroupByKey's and the
    // buffer's state do not depend on tag ids, so the instant now comes back with its stats.
    return PCollectionList.of(keyedStats)
        .and(intervals)
        .apply("Stats and instants", Flatten.pCollections())
        .apply("Gather write stats per interval", GroupByKey.create())
        .apply("Commit", ParDo.of(new IntervalCommitFn(spec)))
        .setCoder(CommittedInstant.CommittedInstantCoder.of());
  }

  static final class KeyStatFn
      extends SimpleFunction<WriteStat, KV<String, KV<List<WriteStat>, @Nullable StartedInstant>>> {
    private static final long serialVersionUID = 1L;
    private final String table;

    KeyStatFn(String table) {
      this.table = table;
    }

    @Override
    public KV<String, KV<List<WriteStat>, @Nullable StartedInstant>> apply(WriteStat stat) {
      return KV.of(table, KV.of(List.of(stat), null));
    }
  }

  static final class KeyIntervalFn
      extends SimpleFunction<
          StartedInstant, KV<String, KV<List<WriteStat>, @Nullable StartedInstant>>> {
    private static final long serialVersionUID = 1L;
    private final String table;

    KeyIntervalFn(String table) {
      this.table = table;
    }

    @Override
    public KV<String, KV<List<WriteStat>, @Nullable StartedInstant>> apply(StartedInstant instant) {
      return KV.of(table, KV.of(List.of(), instant));
    }
  }

  /**
   * Streaming: the write stats of one commit interval, grouped under the table's key with the
   * interval's started instant (so an interval whose records wrote no file still completes its
   * instant), committed on one worker. The started instant comes with the group, not from a side
   * input: see {@link #commit}.
   */
  static final class IntervalCommitFn
      extends DoFn<
          KV<String, Iterable<KV<List<WriteStat>, @Nullable StartedInstant>>>, CommittedInstant> {
    private static final long serialVersionUID = 1L;
    private final CommitInstant.Committer committer;

    IntervalCommitFn(CommitSpec spec) {
      this.committer = new CommitInstant.Committer(spec);
    }

    @RequiresStableInput
    @ProcessElement
    public void process(
        @Element KV<String, Iterable<KV<List<WriteStat>, @Nullable StartedInstant>>> grouped,
        BoundedWindow window,
        OutputReceiver<CommittedInstant> out) {
      List<WriteStat> stats = new ArrayList<>();
      Map<String, StartedInstant> instants = new LinkedHashMap<>();
      for (KV<List<WriteStat>, @Nullable StartedInstant> part : grouped.getValue()) {
        stats.addAll(part.getKey());
        StartedInstant instant = part.getValue();
        if (instant != null) {
          instants.putIfAbsent(instant.instantTime().value(), instant);
        }
      }
      if (instants.size() != 1) {
        throw new IllegalStateException(
            String.format(
                "Table %s: the commit interval %s has %d write stats and %s started instants %s;"
                    + " exactly one was expected",
                grouped.getKey(), window, stats.size(), instants.size(), instants.keySet()));
      }
      out.output(committer.commit(stats, instants.values().iterator().next(), -1));
    }
  }
}
