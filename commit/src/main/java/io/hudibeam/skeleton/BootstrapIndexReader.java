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
package io.hudibeam.skeleton;

import io.hudibeam.files.FileGroupId;
import io.hudibeam.hfile.HFileReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.file.SeekableByteArrayInput;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Looks up the source file of a METADATA_ONLY bootstrap's file group in the table's bootstrap
 * index, as Hudi's file-system view does ({@code AbstractTableFileSystemView
 * .addBootstrapBaseFileIfPresent} through {@code HFileBootstrapIndex}'s reader, 0.15.0 and 1.0.2):
 * the {@code .fileids} HFile's value under {@code part=<partition path>;fileid=<file id>}, a {@code
 * HoodieBootstrapFilePartitionInfo} naming the source file, its folder relative to the source base
 * path, length and modification time. Reads the index written by {@link BootstrapIndexWriter} or by
 * Hudi's Spark writer (HBase's HFile writer, the same keys).
 */
public final class BootstrapIndexReader {
  private final Configuration conf;
  private final Path fileIdIndex;

  private BootstrapIndexReader(Configuration conf, Path fileIdIndex) {
    this.conf = conf;
    this.fileIdIndex = fileIdIndex;
  }

  /** The table's bootstrap index, if it has one (a METADATA_ONLY bootstrap wrote it). */
  public static Optional<BootstrapIndexReader> open(
      Configuration conf, FileSystem fs, TablePaths paths) {
    Path index = BootstrapIndexWriter.fileIdIndex(paths);
    try {
      return fs.exists(index)
          ? Optional.of(new BootstrapIndexReader(conf, index))
          : Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check the bootstrap index " + index, e);
    }
  }

  /** The source file the file group's skeleton file stands for, if the index maps it. */
  public Optional<BootstrapFileMapping> mappingOf(FileGroupId fileGroup) {
    byte[] key =
        BootstrapIndexWriter.fileGroupKey(fileGroup.partitionPath(), fileGroup.fileId().value())
            .getBytes(StandardCharsets.UTF_8);
    Optional<byte[]> value;
    try (HFileReader reader = HFileReader.open(conf, fileIdIndex)) {
      value = reader.get(key);
    } catch (RuntimeException e) {
      throw new HudiTableException(
          "Cannot read the bootstrap index " + fileIdIndex + " for file group " + fileGroup, e);
    }
    return value.map(v -> decode(fileGroup, v));
  }

  private BootstrapFileMapping decode(FileGroupId fileGroup, byte[] value) {
    GenericRecord info = decodeOne(value);
    GenericRecord status = (GenericRecord) info.get("bootstrapFileStatus");
    if (status == null || status.get("path") == null) {
      throw new HudiTableException(
          "The bootstrap index "
              + fileIdIndex
              + " maps file group "
              + fileGroup
              + " to no source file");
    }
    GenericRecord path = (GenericRecord) status.get("path");
    Object partition = info.get("bootstrapPartitionPath");
    return new BootstrapFileMapping(
        fileGroup,
        partition == null ? "" : partition.toString(),
        new SourceFileStatus(
            String.valueOf(path.get("uri")),
            longOf(status.get("length")),
            (int) longOf(status.get("blockReplication")),
            longOf(status.get("blockSize")),
            longOf(status.get("modificationTime")),
            longOf(status.get("accessTime"))));
  }

  private static long longOf(Object value) {
    return value == null ? 0L : ((Number) value).longValue();
  }

  /** Hudi's {@code TimelineMetadataUtils.deserializeAvroMetadata}: a one-record container file. */
  private GenericRecord decodeOne(byte[] value) {
    try (DataFileStream<GenericRecord> in =
        new DataFileStream<>(
            new SeekableByteArrayInput(value),
            new GenericDatumReader<>(null, BootstrapIndexValues.FILE_PARTITION_INFO))) {
      return in.next();
    } catch (IOException | RuntimeException e) {
      throw new HudiTableException(
          "Cannot decode a value of the bootstrap index " + fileIdIndex + ": " + e, e);
    }
  }

  @Override
  public String toString() {
    return "BootstrapIndexReader{" + fileIdIndex + "}";
  }
}
