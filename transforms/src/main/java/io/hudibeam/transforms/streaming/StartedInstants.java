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
package io.hudibeam.transforms.streaming;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.transforms.coders.StartedInstantCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;

/** The started instants of the decisions, each in its commit interval's window; skips have none. */
public final class StartedInstants
    extends PTransform<PCollection<IntervalDecision>, PCollection<StartedInstant>> {
  private static final long serialVersionUID = 1L;

  @Override
  public PCollection<StartedInstant> expand(PCollection<IntervalDecision> decisions) {
    return decisions
        .apply("Started instants", ParDo.of(new StartedFn()))
        .setCoder(StartedInstantCoder.of());
  }

  static final class StartedFn extends DoFn<IntervalDecision, StartedInstant> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element IntervalDecision decision, OutputReceiver<StartedInstant> out) {
      decision.started().ifPresent(out::output);
    }
  }
}
