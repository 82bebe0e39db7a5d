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

import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.metadata.WriteStat;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.ByteArrayCoder;

/** Coder of a {@link WriteStat} as the commit metadata JSON Hudi reads (one stat per value). */
public final class WriteStatCoder extends AtomicCoder<WriteStat> {
  private static final WriteStatCoder INSTANCE = new WriteStatCoder();

  public static WriteStatCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(WriteStat value, OutputStream out) throws IOException {
    byte[] json = CommitMetadataJson.toJson(CommitMetadata.builder().addWriteStat(value).build());
    ByteArrayCoder.of().encode(json, out);
  }

  @Override
  public WriteStat decode(InputStream in) throws IOException {
    return CommitMetadataJson.fromJson(ByteArrayCoder.of().decode(in), "a write stat")
        .writeStats()
        .get(0);
  }
}
