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
package io.hudibeam.hfile;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.io.Writable;
import org.apache.hudi.io.storage.HoodieHBaseKVComparator;

/**
 * Writes an HFile through HBase 2.4's writer exactly as Hudi 0.15 drives it ({@code
 * HoodieAvroHFileWriter} and {@code HFileUtils.serializeRecordsToLogBlock}): an {@code
 * HFileContext} with only block size, compression and {@code HoodieHBaseKVComparator} set, one
 * {@code new KeyValue(key, null, null, value)} per cell, file info and meta blocks appended.
 */
final class HBaseWrites {
  private HBaseWrites() {}

  static byte[] write(
      File file,
      List<HFileEntry> cells,
      Map<String, byte[]> fileInfo,
      Map<String, byte[]> metaBlocks,
      HFileSettings settings)
      throws IOException {
    Configuration conf = new Configuration(HudiHFiles.CONF);
    conf.setInt("hfile.index.block.max.size", settings.maxIndexChunkSize());
    HFileContext context =
        new HFileContextBuilder()
            .withBlockSize(settings.blockSize())
            .withCompression(
                org.apache.hadoop.hbase.io.compress.Compression.Algorithm.valueOf(
                    settings.compression().name()))
            .withCellComparator(new HoodieHBaseKVComparator())
            .withBytesPerCheckSum(settings.bytesPerChecksum())
            .build();
    Path path = new Path(file.toURI());
    FileSystem fs = path.getFileSystem(conf);
    HFile.Writer writer =
        HFile.getWriterFactory(conf, new CacheConfig(conf))
            .withPath(fs, path)
            .withFileContext(context)
            .create();
    for (HFileEntry cell : cells) {
      writer.append(new KeyValue(cell.key(), null, null, cell.value()));
    }
    for (Map.Entry<String, byte[]> e : fileInfo.entrySet()) {
      writer.appendFileInfo(
          e.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8), e.getValue());
    }
    for (Map.Entry<String, byte[]> e : metaBlocks.entrySet()) {
      byte[] content = e.getValue();
      writer.appendMetaBlock(
          e.getKey(),
          new Writable() {
            @Override
            public void write(DataOutput out) throws IOException {
              out.write(content);
            }

            @Override
            public void readFields(DataInput in) {}
          });
    }
    writer.close();
    return Files.readAllBytes(file.toPath());
  }
}
