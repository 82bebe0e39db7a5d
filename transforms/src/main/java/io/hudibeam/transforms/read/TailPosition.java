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

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.NullableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/**
 * The restriction of a streaming tail: the position of the last commit read (table version 8: its
 * completion time; version 6: its instant time), null before any; whether a snapshot is to be read
 * before the next commit; and whether this restriction is the done primary of a checkpoint.
 */
public record TailPosition(String position, boolean snapshotFirst, boolean done)
    implements Serializable {

  public TailPosition after(String newPosition) {
    return new TailPosition(newPosition, false, false);
  }

  /** Deterministic coder: position (nullable), the two flags. */
  public static final class TailPositionCoder extends AtomicCoder<TailPosition> {
    private static final TailPositionCoder INSTANCE = new TailPositionCoder();
    private static final Coder<String> POSITION = NullableCoder.of(StringUtf8Coder.of());

    public static TailPositionCoder of() {
      return INSTANCE;
    }

    @Override
    public void encode(TailPosition value, OutputStream out) throws IOException {
      POSITION.encode(value.position(), out);
      BooleanCoder.of().encode(value.snapshotFirst(), out);
      BooleanCoder.of().encode(value.done(), out);
    }

    @Override
    public TailPosition decode(InputStream in) throws IOException {
      return new TailPosition(
          POSITION.decode(in), BooleanCoder.of().decode(in), BooleanCoder.of().decode(in));
    }

    @Override
    public void verifyDeterministic() {}
  }
}
