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
package io.hudibeam.transforms.dynamic;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.coders.VarLongCoder;

/**
 * A {@link RecordPack} of a table with the window its records fall in: the commit interval {@code
 * [start, end)} in epoch milliseconds when streaming, the global window's bounds in batch.
 */
public record IntervalPack(long start, long end, RecordPack pack) {

  /** Deterministic: start, end, then the pack. */
  public static final class Coder extends CustomCoder<IntervalPack> {
    private static final long serialVersionUID = 1L;
    private static final Coder INSTANCE = new Coder();

    public static Coder of() {
      return INSTANCE;
    }

    @Override
    public void encode(IntervalPack value, OutputStream out) throws IOException {
      VarLongCoder.of().encode(value.start(), out);
      VarLongCoder.of().encode(value.end(), out);
      RecordPack.Coder.of().encode(value.pack(), out);
    }

    @Override
    public IntervalPack decode(InputStream in) throws IOException {
      return new IntervalPack(
          VarLongCoder.of().decode(in),
          VarLongCoder.of().decode(in),
          RecordPack.Coder.of().decode(in));
    }

    @Override
    public void verifyDeterministic() {}
  }
}
