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
package io.hudibeam.basefile;

import io.hudibeam.table.StatusOpen;
import java.io.IOException;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A Parquet file to read, its status taken once: Parquet's {@code HadoopInputFile.fromPath} asks
 * the file system for the status and then opens the file with {@code FileSystem.open}, which on S3A
 * asks again (two HEAD requests before the first GET). This input opens the file with {@code
 * openFile(path).withFileStatus(status)}, which S3A answers without a second HEAD
 * (docs/object-stores.md); other file systems open it as {@code open} does. Each {@link #newStream}
 * opens the file anew, as {@code HadoopInputFile}'s does.
 */
public final class BaseFileInput implements InputFile {
  private final FileSystem fs;
  private final FileStatus status;
  private final Configuration conf;

  private BaseFileInput(FileSystem fs, FileStatus status, Configuration conf) {
    this.fs = fs;
    this.status = status;
    this.conf = conf;
  }

  /** The file at {@code path} on its file system under {@code conf}; one status request. */
  public static BaseFileInput of(Path path, Configuration conf) throws IOException {
    Objects.requireNonNull(conf, "conf");
    FileSystem fs = Objects.requireNonNull(path, "path").getFileSystem(conf);
    return new BaseFileInput(fs, fs.getFileStatus(path), conf);
  }

  public Path path() {
    return status.getPath();
  }

  @Override
  public long getLength() {
    return status.getLen();
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    return HadoopStreams.wrap(StatusOpen.open(fs, status));
  }

  /**
   * The options Parquet takes for a Hadoop file ({@code ParquetFileReader.open(HadoopInputFile)}).
   */
  public ParquetReadOptions readOptions() {
    return HadoopReadOptions.builder(conf, status.getPath()).build();
  }

  /** A footer reader of this file, with the options {@code ParquetFileReader.open} gives it. */
  public ParquetFileReader openReader() throws IOException {
    return ParquetFileReader.open(this, readOptions());
  }

  @Override
  public String toString() {
    return status.getPath().toString();
  }
}
