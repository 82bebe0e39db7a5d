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
import io.hudibeam.transforms.coders.WorkloadProfileCoder;
import io.hudibeam.transforms.coders.WritePlanCoder;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.write.WorkloadProfile;
import io.hudibeam.write.WritePlan;
import io.hudibeam.write.WritePlanner;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.transforms.windowing.GlobalWindows;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Stages 4 and 5a. Profiles the workload (inserts per partition, updates per file group: Hudi's
 * WorkloadProfile), saves it into {@code <T>.inflight} as Hudi does, and makes the write plan once
 * on one worker: small files filled first, then new file groups sized to the max file size, with
 * file ids derived from the instant time; with the BUCKET index, updates to their bucket's file
 * group and inserts to a new file group per bucket. On a merge-on-read table updates and deletes go
 * to a new log file of their file group's latest slice (see {@link WritePlanner}). The plan is a
 * singleton side input, so every retry of a later bundle routes the same way, and a re-run of this
 * step (a runner restarting part of the job) makes the same plan. How it routes is the write's
 * {@link Routing}; with {@link Routing#UPDATES_PLANNED_INSERTS_ASSIGNED} it plans the updates and
 * deletes only ({@link WritePlanner#planUpdates}: no small files, no record size estimate), and
 * {@link AssignInserts} routes the inserts as they arrive, so {@code <T>.inflight} gives each
 * partition's insert count but no file group for them (as Hudi's Flink writer, whose inflight file
 * has none either).
 */
public final class PlanWrite
    extends PTransform<PCollection<TaggedRecord>, PCollectionView<WritePlan>> {
  private static final long serialVersionUID = 1L;
  private final PlanSpec spec;
  private final PCollectionView<StartedInstant> started;
  private final Routing routing;

  /** Plans the write's records as {@code routing} routes them. */
  public PlanWrite(PlanSpec spec, PCollectionView<StartedInstant> started, Routing routing) {
    this.spec = spec;
    this.started = started;
    this.routing = routing;
  }

  @Override
  public PCollectionView<WritePlan> expand(PCollection<TaggedRecord> tagged) {
    Combine.Globally<WorkloadCounts.Counts, WorkloadProfile> profile =
        Combine.globally(new WorkloadCounts.ProfileFn());
    if (!(tagged.getWindowingStrategy().getWindowFn() instanceof GlobalWindows)) {
      // A streaming write plans each commit interval (window) that has records.
      profile = profile.withoutDefaults();
    }
    return tagged
        .apply("Count per bundle", ParDo.of(new WorkloadCounts.CountFn()))
        .setCoder(WorkloadCounts.CountsCoder.of())
        .apply("Profile workload", profile)
        .setCoder(WorkloadProfileCoder.of())
        .apply("Plan buckets", ParDo.of(new PlanFn(spec, started, routing)).withSideInputs(started))
        .setCoder(WritePlanCoder.of())
        .apply("As side input", View.asSingleton());
  }

  static final class PlanFn extends DoFn<WorkloadProfile, WritePlan> {
    private static final long serialVersionUID = 1L;
    private final PlanSpec spec;
    private final PCollectionView<StartedInstant> started;
    private final Routing routing;

    PlanFn(PlanSpec spec, PCollectionView<StartedInstant> started, Routing routing) {
      this.spec = spec;
      this.started = started;
      this.routing = routing;
    }

    @ProcessElement
    public void process(
        @Element WorkloadProfile profile, OutputReceiver<WritePlan> out, ProcessContext c) {
      StartedInstant instant = c.sideInput(started);
      Configuration conf = spec.hadoopConfiguration();
      FileSystem fs = spec.fileSystem(conf);
      InstantHeartbeat heartbeat = InstantHeartbeat.of(spec.paths(), spec.heartbeat(), fs);
      heartbeat.refresh(instant);
      try {
        out.output(new WritePlanning(spec, routing).plan(profile, instant, conf, fs));
      } catch (RuntimeException | Error e) {
        heartbeat.releaseAfterFailure(e);
        throw e;
      }
    }
  }
}
