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

import io.hudibeam.files.BaseFile;
import io.hudibeam.index.FileKeyRange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/**
 * Deterministic coder of a {@link FileKeyRange} (the bloom index's key ranges side input): the base
 * file, then whether it has a range, then its min and max record keys.
 */
public final class FileKeyRangeCoder extends AtomicCoder<FileKeyRange> {
  private static final FileKeyRangeCoder INSTANCE = new FileKeyRangeCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();

  public static FileKeyRangeCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(FileKeyRange value, OutputStream out) throws IOException {
    BaseFileCoder.of().encode(value.baseFile(), out);
    BooleanCoder.of().encode(value.minRecordKey().isPresent(), out);
    if (value.minRecordKey().isPresent()) {
      STRING.encode(value.minRecordKey().get(), out);
      STRING.encode(value.maxRecordKey().get(), out);
    }
  }

  @Override
  public FileKeyRange decode(InputStream in) throws IOException {
    BaseFile file = BaseFileCoder.of().decode(in);
    return BooleanCoder.of().decode(in)
        ? FileKeyRange.of(file, STRING.decode(in), STRING.decode(in))
        : FileKeyRange.unbounded(file);
  }

  @Override
  public void verifyDeterministic() {}
}
