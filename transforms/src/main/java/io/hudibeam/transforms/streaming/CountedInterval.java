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

import io.hudibeam.commit.IntervalContent;
import io.hudibeam.transforms.coders.IntervalContentCoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;

/**
 * A commit interval that has records, with their content (count and fingerprint), as it reaches the
 * coordinator.
 *
 * @param window the interval
 * @param content its records' count and fingerprint
 */
record CountedInterval(IntervalWindow window, IntervalContent content) {
  CountedInterval {
    Objects.requireNonNull(window, "window");
    Objects.requireNonNull(content, "content");
  }

  /** Deterministic coder: the window, then the content. */
  static final class CountedIntervalCoder extends AtomicCoder<CountedInterval> {
    private static final CountedIntervalCoder INSTANCE = new CountedIntervalCoder();

    static CountedIntervalCoder of() {
      return INSTANCE;
    }

    @Override
    public void encode(CountedInterval value, OutputStream out) throws IOException {
      IntervalWindow.getCoder().encode(value.window(), out);
      IntervalContentCoder.of().encode(value.content(), out);
    }

    @Override
    public CountedInterval decode(InputStream in) throws IOException {
      return new CountedInterval(
          IntervalWindow.getCoder().decode(in), IntervalContentCoder.of().decode(in));
    }

    @Override
    public void verifyDeterministic() {}
  }
}
