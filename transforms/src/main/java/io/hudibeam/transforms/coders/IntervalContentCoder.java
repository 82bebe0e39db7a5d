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

import io.hudibeam.commit.IntervalContent;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.BigEndianLongCoder;
import org.apache.beam.sdk.coders.VarLongCoder;

/** Deterministic coder of an {@link IntervalContent}: its record count, then its fingerprint. */
public final class IntervalContentCoder extends AtomicCoder<IntervalContent> {
  private static final IntervalContentCoder INSTANCE = new IntervalContentCoder();

  public static IntervalContentCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(IntervalContent value, OutputStream out) throws IOException {
    VarLongCoder.of().encode(value.records(), out);
    BigEndianLongCoder.of().encode(value.fingerprint(), out);
  }

  @Override
  public IntervalContent decode(InputStream in) throws IOException {
    return new IntervalContent(VarLongCoder.of().decode(in), BigEndianLongCoder.of().decode(in));
  }

  @Override
  public void verifyDeterministic() {}
}
