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

import io.hudibeam.transforms.ElementBatches;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * Passes on each window's elements once a side input is ready for that window, the elements waiting
 * packed ({@link ElementBatches}) rather than one windowed object each. A streaming write puts it
 * before a step that reads the side input for every element, so that a commit interval's elements
 * do not wait as objects in that step: the step then finds the side input ready (or waits only for
 * the few elements that reach it before the side input does). Waiting elements hold the watermark
 * at their timestamps, packed or not.
 */
public final class WaitForSideInput<T> extends PTransform<PCollection<T>, PCollection<T>> {
  private static final long serialVersionUID = 1L;
  private final PCollectionView<?> view;

  public WaitForSideInput(PCollectionView<?> view) {
    this.view = view;
  }

  @Override
  public PCollection<T> expand(PCollection<T> elements) {
    return ElementBatches.packedThrough(
        elements, "Wait", ParDo.of(new WaitFn(view)).withSideInputs(view));
  }

  /** Outputs a batch once the side input is ready for its window (it is read to say so). */
  static final class WaitFn extends DoFn<byte[], byte[]> {
    private static final long serialVersionUID = 1L;
    private final PCollectionView<?> view;

    WaitFn(PCollectionView<?> view) {
      this.view = view;
    }

    @ProcessElement
    public void process(@Element byte[] batch, ProcessContext c) {
      c.sideInput(view);
      c.output(batch);
    }
  }
}
