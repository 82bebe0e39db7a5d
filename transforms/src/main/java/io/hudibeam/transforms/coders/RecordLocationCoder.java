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

import io.hudibeam.files.FileId;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.write.RecordLocation;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/** Deterministic coder of a {@link RecordLocation}. */
public final class RecordLocationCoder extends AtomicCoder<RecordLocation> {
  private static final RecordLocationCoder INSTANCE = new RecordLocationCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();

  public static RecordLocationCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(RecordLocation value, OutputStream out) throws IOException {
    STRING.encode(value.partitionPath(), out);
    STRING.encode(value.fileId().value(), out);
    STRING.encode(value.baseInstant().value(), out);
  }

  @Override
  public RecordLocation decode(InputStream in) throws IOException {
    String partition = STRING.decode(in);
    FileId fileId = FileId.parse(STRING.decode(in));
    return RecordLocation.of(partition, fileId, InstantTime.parse(STRING.decode(in)));
  }

  @Override
  public void verifyDeterministic() {}
}
