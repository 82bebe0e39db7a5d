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
package io.hudibeam.transforms.bootstrap;

import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.skeleton.BootstrapFileMapping;
import io.hudibeam.skeleton.SkeletonFile;
import io.hudibeam.skeleton.SourceFileStatus;
import io.hudibeam.transforms.coders.WriteStatCoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.coders.VarLongCoder;

/** A deterministic coder of a {@link SkeletonFile}: its write stat, file group and source file. */
final class SkeletonFileCoder extends AtomicCoder<SkeletonFile> {
  private static final long serialVersionUID = 1L;
  private static final SkeletonFileCoder INSTANCE = new SkeletonFileCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();
  private static final VarLongCoder LONG = VarLongCoder.of();

  static SkeletonFileCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(SkeletonFile value, OutputStream out) throws IOException {
    WriteStatCoder.of().encode(value.stat(), out);
    BootstrapFileMapping m = value.mapping();
    STRING.encode(m.fileGroup().partitionPath(), out);
    STRING.encode(m.fileGroup().fileId().value(), out);
    STRING.encode(m.sourcePartition(), out);
    SourceFileStatus s = m.source();
    STRING.encode(s.uri(), out);
    LONG.encode(s.length(), out);
    VarIntCoder.of().encode(s.blockReplication(), out);
    LONG.encode(s.blockSize(), out);
    LONG.encode(s.modificationTime(), out);
    LONG.encode(s.accessTime(), out);
  }

  @Override
  public SkeletonFile decode(InputStream in) throws IOException {
    WriteStat stat = WriteStatCoder.of().decode(in);
    FileGroupId fileGroup = FileGroupId.of(STRING.decode(in), FileId.parse(STRING.decode(in)));
    String sourcePartition = STRING.decode(in);
    SourceFileStatus source =
        new SourceFileStatus(
            STRING.decode(in),
            LONG.decode(in),
            VarIntCoder.of().decode(in),
            LONG.decode(in),
            LONG.decode(in),
            LONG.decode(in));
    return new SkeletonFile(stat, new BootstrapFileMapping(fileGroup, sourcePartition, source));
  }

  @Override
  public void verifyDeterministic() {}
}
