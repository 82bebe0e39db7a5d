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
package io.hudibeam.transforms.read;

import io.hudibeam.read.ReadPlan;
import io.hudibeam.read.SliceRead;
import io.hudibeam.transforms.coders.SliceReadCoder;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Impulse;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans a batch read at run time (Impulse, then one DoFn that opens the table and lists the file
 * slices of the query) and spreads the slices over the workers (a reshuffle), one element each.
 */
public final class PlanReads extends PTransform<PBegin, PCollection<SliceRead>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(PlanReads.class);
  private final ReadSpec spec;

  public PlanReads(ReadSpec spec) {
    this.spec = spec;
  }

  @Override
  public PCollection<SliceRead> expand(PBegin input) {
    return input
        .apply("Impulse", Impulse.create())
        .apply("List file slices", ParDo.of(new PlanFn(spec)))
        .setCoder(SliceReadCoder.of())
        .apply("Spread file slices", Reshuffle.viaRandomKey());
  }

  static final class PlanFn extends DoFn<byte[], SliceRead> {
    private static final long serialVersionUID = 1L;
    private final ReadSpec spec;

    PlanFn(ReadSpec spec) {
      this.spec = spec;
    }

    @ProcessElement
    public void process(OutputReceiver<SliceRead> out) {
      ReadPlan plan = spec.planner().plan(spec.query());
      LOG.info(
          "Read of {} ({} query, {}): {} file slices, {} bytes, as of instant {}",
          spec.basePath(),
          spec.query().type().value(),
          spec.query().partitionFilter(),
          plan.slices().size(),
          plan.totalBytes(),
          plan.latestInstant());
      Metrics.counter(PlanReads.class, "file_slices_planned").inc(plan.slices().size());
      plan.slices().forEach(out::output);
    }
  }
}
