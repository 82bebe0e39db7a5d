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
import io.hudibeam.files.BaseFileName;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;

/** Deterministic coder of a {@link BaseFile}: partition path, file name, size. */
public final class BaseFileCoder extends AtomicCoder<BaseFile> {
  private static final BaseFileCoder INSTANCE = new BaseFileCoder();

  public static BaseFileCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(BaseFile value, OutputStream out) throws IOException {
    StringUtf8Coder.of().encode(value.partitionPath(), out);
    StringUtf8Coder.of().encode(value.name().value(), out);
    VarLongCoder.of().encode(value.sizeInBytes(), out);
  }

  @Override
  public BaseFile decode(InputStream in) throws IOException {
    String partition = StringUtf8Coder.of().decode(in);
    BaseFileName name = BaseFileName.parse(StringUtf8Coder.of().decode(in));
    return BaseFile.of(partition, name, VarLongCoder.of().decode(in));
  }

  @Override
  public void verifyDeterministic() {}
}
