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
package io.hudibeam.transforms.coders;

import io.hudibeam.index.KeyRange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/** Deterministic coder of a {@link KeyRange}: its min, then its max record key. */
public final class KeyRangeCoder extends AtomicCoder<KeyRange> {
  private static final KeyRangeCoder INSTANCE = new KeyRangeCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();

  public static KeyRangeCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(KeyRange value, OutputStream out) throws IOException {
    STRING.encode(value.min(), out);
    STRING.encode(value.max(), out);
  }

  @Override
  public KeyRange decode(InputStream in) throws IOException {
    return new KeyRange(STRING.decode(in), STRING.decode(in));
  }

  @Override
  public void verifyDeterministic() {}
}
