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
package io.hudibeam.transforms.write;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.transforms.coders.BucketCoder;
import io.hudibeam.transforms.coders.StartedInstantCoder;
import io.hudibeam.write.Bucket;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import org.apache.beam.sdk.coders.AtomicCoder;

/**
 * The key of a batch write's shuffle: the file group a record goes to (its bucket: file group id,
 * partition path, and the base file or file slice it is written against) and the started instant it
 * is written in. The instant travels in the key so that the writer after the GroupByKey reads no
 * side input, which lets Flink chain it to the group-reduce and hand it a key's values lazily.
 */
public record FileGroupTarget(Bucket bucket, StartedInstant instant) {
  public FileGroupTarget {
    Objects.requireNonNull(bucket, "bucket");
    Objects.requireNonNull(instant, "instant");
  }

  /**
   * Deterministic coder of a {@link FileGroupTarget}: the bucket ({@link BucketCoder}), then the
   * instant ({@link StartedInstantCoder}).
   */
  public static final class Coder extends AtomicCoder<FileGroupTarget> {
    private static final Coder INSTANCE = new Coder();

    public static Coder of() {
      return INSTANCE;
    }

    @Override
    public void encode(FileGroupTarget value, OutputStream out) throws IOException {
      BucketCoder.of().encode(value.bucket(), out);
      StartedInstantCoder.of().encode(value.instant(), out);
    }

    @Override
    public FileGroupTarget decode(InputStream in) throws IOException {
      Bucket bucket = BucketCoder.of().decode(in);
      return new FileGroupTarget(bucket, StartedInstantCoder.of().decode(in));
    }

    @Override
    public void verifyDeterministic() {}
  }
}
