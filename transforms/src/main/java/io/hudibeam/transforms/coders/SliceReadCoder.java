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

import io.hudibeam.read.CommitTimeRange;
import io.hudibeam.read.CommittedInstants;
import io.hudibeam.read.SliceRead;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.NullableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;

/**
 * Deterministic coder of a {@link SliceRead}: partition path, file id, base instant, base file name
 * (nullable), log file names, size, the commit time range and the committed instants.
 */
public final class SliceReadCoder extends AtomicCoder<SliceRead> {
  private static final SliceReadCoder INSTANCE = new SliceReadCoder();
  private static final Coder<String> STRING = StringUtf8Coder.of();
  private static final Coder<String> NULLABLE = NullableCoder.of(StringUtf8Coder.of());
  private static final Coder<List<String>> LIST = ListCoder.of(StringUtf8Coder.of());
  private static final Coder<List<String>> NULLABLE_LIST = NullableCoder.of(LIST);

  public static SliceReadCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(SliceRead value, OutputStream out) throws IOException {
    STRING.encode(value.partitionPath(), out);
    STRING.encode(value.fileId(), out);
    STRING.encode(value.baseInstant(), out);
    NULLABLE.encode(value.baseFileName(), out);
    LIST.encode(value.logFileNames(), out);
    VarLongCoder.of().encode(value.sizeBytes(), out);
    NULLABLE.encode(value.commitTimes().after(), out);
    NULLABLE.encode(value.commitTimes().upTo(), out);
    NULLABLE_LIST.encode(value.commitTimes().only(), out);
    NULLABLE.encode(value.committed().firstCompleted(), out);
    LIST.encode(value.committed().completed(), out);
  }

  @Override
  public SliceRead decode(InputStream in) throws IOException {
    String partition = STRING.decode(in);
    String fileId = STRING.decode(in);
    String baseInstant = STRING.decode(in);
    String baseFile = NULLABLE.decode(in);
    List<String> logs = LIST.decode(in);
    long size = VarLongCoder.of().decode(in);
    CommitTimeRange range =
        new CommitTimeRange(NULLABLE.decode(in), NULLABLE.decode(in), NULLABLE_LIST.decode(in));
    CommittedInstants committed = new CommittedInstants(NULLABLE.decode(in), LIST.decode(in));
    return new SliceRead(partition, fileId, baseInstant, baseFile, logs, size, range, committed);
  }

  @Override
  public void verifyDeterministic() {}
}
