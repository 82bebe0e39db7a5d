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
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.LogFileName;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.BucketType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.CoderException;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;

/**
 * Deterministic coder of a {@link Bucket}, the key of the write shuffle: partition path, file id,
 * the bucket type, then the current base file (UPDATE) or the latest file slice (APPEND).
 */
public final class BucketCoder extends AtomicCoder<Bucket> {
  private static final BucketCoder INSTANCE = new BucketCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();

  public static BucketCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(Bucket value, OutputStream out) throws IOException {
    STRING.encode(value.fileGroupId().partitionPath(), out);
    STRING.encode(value.fileGroupId().fileId().value(), out);
    out.write(value.type().ordinal());
    switch (value.type()) {
      case INSERT:
        return;
      case UPDATE:
        BaseFileCoder.of().encode(value.baseFile().get(), out);
        return;
      case APPEND:
        FileSlice slice = value.slice().get();
        STRING.encode(slice.baseInstant().value(), out);
        BooleanCoder.of().encode(slice.baseFile().isPresent(), out);
        if (slice.baseFile().isPresent()) {
          BaseFileCoder.of().encode(slice.baseFile().get(), out);
        }
        VarIntCoder.of().encode(slice.logFiles().size(), out);
        for (LogFileName log : slice.logFiles()) {
          STRING.encode(log.value(), out);
        }
        return;
      default:
        throw new CoderException("Unknown bucket type " + value.type());
    }
  }

  @Override
  public Bucket decode(InputStream in) throws IOException {
    String partition = STRING.decode(in);
    FileId fileId = FileId.parse(STRING.decode(in));
    int type = in.read();
    if (type == BucketType.INSERT.ordinal()) {
      return Bucket.newFileGroup(FileGroupId.of(partition, fileId));
    }
    if (type == BucketType.UPDATE.ordinal()) {
      return Bucket.existing(BaseFileCoder.of().decode(in));
    }
    if (type != BucketType.APPEND.ordinal()) {
      throw new CoderException("Unknown bucket type ordinal " + type);
    }
    InstantTime baseInstant = InstantTime.parse(STRING.decode(in));
    BaseFile base = BooleanCoder.of().decode(in) ? BaseFileCoder.of().decode(in) : null;
    int logCount = VarIntCoder.of().decode(in);
    List<LogFileName> logs = new ArrayList<>(logCount);
    for (int i = 0; i < logCount; i++) {
      logs.add(LogFileName.parse(STRING.decode(in)));
    }
    return Bucket.append(
        FileSlice.of(
            FileGroupId.of(partition, fileId), baseInstant, Optional.ofNullable(base), logs));
  }

  @Override
  public void verifyDeterministic() {}
}
