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

import io.hudibeam.metadata.WriteStat;
import io.hudibeam.transforms.ElementBatches;
import io.hudibeam.write.TableRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.KV;

/**
 * The batch write's writer after its GroupByKey ("Write"): one file group of one instant per key
 * ({@link FileGroupTarget}), its records decoded from the packs one at a time as the file group
 * writer reads them. It reads no side input (the instant is in the key), so Beam's Flink runner
 * chains it to the GroupByKey's group-reduce and the key's values are never gathered in a list.
 */
final class WriteTargetFn extends DoFn<KV<FileGroupTarget, Iterable<byte[]>>, WriteStat> {
  private static final long serialVersionUID = 1L;
  private final FileGroupWrites writes;
  private final Coder<TableRecord> coder;

  WriteTargetFn(FilesSpec spec, Coder<TableRecord> coder) {
    this.writes = new FileGroupWrites(spec);
    this.coder = coder;
  }

  @Setup
  public void setup() {
    writes.setup();
  }

  @ProcessElement
  public void process(
      @Element KV<FileGroupTarget, Iterable<byte[]>> group, OutputReceiver<WriteStat> out) {
    FileGroupTarget target = group.getKey();
    out.output(
        writes.write(
            target.bucket(), target.instant(), ElementBatches.elements(group.getValue(), coder)));
  }
}
