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

import io.hudibeam.transforms.coders.BucketCoder;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WritePlan;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * Stage 5b. Routes each tagged record to its bucket with the write plan: updates and deletes to the
 * file group the index found, inserts by the hash of their key. A pure function of the plan and the
 * key, so a retried bundle routes exactly as the first attempt. Deletes of keys the table does not
 * have are dropped here.
 */
public final class AssignBuckets
    extends PTransform<PCollection<TaggedRecord>, PCollection<KV<Bucket, TableRecord>>> {
  private static final long serialVersionUID = 1L;
  private final PlanSpec spec;
  private final PCollectionView<WritePlan> plan;
  private final Routed routed;

  /** Which records a route handles. */
  enum Routed {
    ALL,
    /** Updates and deletes only: {@link AssignInserts} routes the inserts. */
    EXISTING_FILE_GROUPS
  }

  /** Routes every record with the plan. */
  public AssignBuckets(PlanSpec spec, PCollectionView<WritePlan> plan) {
    this(spec, plan, Routed.ALL);
  }

  private AssignBuckets(PlanSpec spec, PCollectionView<WritePlan> plan, Routed routed) {
    this.spec = spec;
    this.plan = plan;
    this.routed = routed;
  }

  /**
   * Routes the updates and deletes (records the index found) with the plan and leaves out the
   * inserts, which {@link AssignInserts} routes. Every record still comes through this step, which
   * waits for the interval's plan (a side input; the streaming write has them wait packed just
   * before, in {@code WaitForSideInput}), and that orders the interval's commit after the plan
   * step: records waiting for a side input hold this step's output watermark, so the writers'
   * GroupByKey, and after it the commit's, fire only once the plan step has moved the instant to
   * inflight. Filtering the inserts out before this step would let the commit of an interval of
   * inserts race the plan step on {@code <T>.inflight} ({@code
   * HudiIOStreamingWaitsIT#anInsertsOnlyIntervalCommitsAfterItsPlanMovedTheInstantToInflight}).
   */
  public static AssignBuckets existingFileGroups(PlanSpec spec, PCollectionView<WritePlan> plan) {
    return new AssignBuckets(spec, plan, Routed.EXISTING_FILE_GROUPS);
  }

  @Override
  public PCollection<KV<Bucket, TableRecord>> expand(PCollection<TaggedRecord> tagged) {
    return tagged
        .apply("Route", ParDo.of(new RouteFn(plan, routed)).withSideInputs(plan))
        .setCoder(KvCoder.of(BucketCoder.of(), TableRecordCoder.of(spec.schema())));
  }

  static final class RouteFn extends DoFn<TaggedRecord, KV<Bucket, TableRecord>> {
    private static final long serialVersionUID = 1L;
    private final PCollectionView<WritePlan> plan;
    private final Routed routed;
    private transient BoundedWindow planWindow;
    private transient WritePlan bundlePlan;
    private final Counter absentDeletes =
        Metrics.counter(AssignBuckets.class, "deletesOfAbsentKeys");

    RouteFn(PCollectionView<WritePlan> plan, Routed routed) {
      this.plan = plan;
      this.routed = routed;
    }

    /**
     * The plan is read once per bundle and window: a batch write has one window, a streaming write
     * one per commit interval, each with its own plan.
     */
    @StartBundle
    public void startBundle() {
      planWindow = null;
      bundlePlan = null;
    }

    @ProcessElement
    public void process(
        @Element TaggedRecord tagged,
        BoundedWindow window,
        OutputReceiver<KV<Bucket, TableRecord>> out,
        ProcessContext c) {
      TableRecord record = tagged.record();
      if (record.isDelete() && tagged.location().isEmpty()) {
        absentDeletes.inc();
        return;
      }
      if (routed == Routed.EXISTING_FILE_GROUPS && tagged.location().isEmpty()) {
        return;
      }
      if (bundlePlan == null || !window.equals(planWindow)) {
        bundlePlan = c.sideInput(plan);
        planWindow = window;
      }
      Bucket bucket =
          bundlePlan.route(record.partitionPath(), record.recordKey(), tagged.location());
      out.output(KV.of(bucket, record));
    }
  }
}
