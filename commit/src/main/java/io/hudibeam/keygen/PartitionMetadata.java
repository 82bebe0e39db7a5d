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
package io.hudibeam.keygen;

import io.hudibeam.table.HudiTableException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The {@code .hoodie_partition_metadata} file Hudi keeps in every partition directory (in the base
 * path for a non-partitioned table): a {@link Properties} text file with the comment {@code
 * partition metadata} and the keys {@value #COMMIT_TIME_KEY} (the instant that created the
 * partition) and {@value #PARTITION_DEPTH_KEY} (the number of path segments below the base path).
 * Readers only treat directories holding it as partitions (Hudi's {@code HoodiePartitionMetadata}).
 */
public final class PartitionMetadata {
  public static final String FILE_NAME = ".hoodie_partition_metadata";
  public static final String COMMIT_TIME_KEY = "commitTime";
  public static final String PARTITION_DEPTH_KEY = "partitionDepth";
  private static final String COMMENT = "partition metadata";

  private final String commitTime;
  private final int partitionDepth;

  private PartitionMetadata(String commitTime, int partitionDepth) {
    if (commitTime == null
        || commitTime.isEmpty()
        || !commitTime.chars().allMatch(Character::isDigit)) {
      throw new HudiTableException(
          "partition metadata commitTime must be an instant time of digits, but was '"
              + commitTime
              + "'");
    }
    if (partitionDepth < 0) {
      throw new HudiTableException(
          "partition metadata partitionDepth must be >= 0, but was " + partitionDepth);
    }
    this.commitTime = commitTime;
    this.partitionDepth = partitionDepth;
  }

  public static PartitionMetadata of(String commitTime, int partitionDepth) {
    return new PartitionMetadata(commitTime, partitionDepth);
  }

  /**
   * Metadata for {@code partitionPath} (relative, {@code ""} = base path) created by an instant.
   */
  public static PartitionMetadata forPartition(String commitTime, String partitionPath) {
    return new PartitionMetadata(commitTime, depthOf(partitionPath));
  }

  /**
   * The number of segments of a relative partition path: 0 for {@code ""}, 2 for {@code
   * "year=2024/month=01"}.
   */
  public static int depthOf(String partitionPath) {
    Objects.requireNonNull(partitionPath, "partitionPath");
    if (partitionPath.isEmpty()) {
      return 0;
    }
    String[] segments = partitionPath.split("/", -1);
    for (String segment : segments) {
      if (segment.isEmpty()) {
        throw new HudiTableException(
            "partition path '"
                + partitionPath
                + "' must be relative segments separated by single '/', without leading or"
                + " trailing '/'");
      }
    }
    return segments.length;
  }

  /** The directory of {@code partitionPath} under {@code basePath}. */
  public static Path partitionDirectory(Path basePath, String partitionPath) {
    depthOf(partitionPath);
    return partitionPath.isEmpty() ? basePath : new Path(basePath, partitionPath);
  }

  public String commitTime() {
    return commitTime;
  }

  public int partitionDepth() {
    return partitionDepth;
  }

  /** The file content: {@link Properties#store} text (comment, date comment, the two keys). */
  public byte[] toBytes() {
    Properties props = new Properties();
    props.setProperty(COMMIT_TIME_KEY, commitTime);
    props.setProperty(PARTITION_DEPTH_KEY, Integer.toString(partitionDepth));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      props.store(out, COMMENT);
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory failed", e);
    }
    return out.toByteArray();
  }

  /** Parses file content; {@code source} names the file in error messages. */
  public static PartitionMetadata fromBytes(byte[] content, String source) {
    Properties props = new Properties();
    try {
      props.load(new ByteArrayInputStream(content));
    } catch (IOException | IllegalArgumentException e) {
      throw new HudiTableException("cannot parse partition metadata " + source, e);
    }
    String commitTime = props.getProperty(COMMIT_TIME_KEY);
    String depth = props.getProperty(PARTITION_DEPTH_KEY);
    if (commitTime == null || depth == null) {
      throw new HudiTableException(
          String.format(
              "partition metadata %s must have keys %s and %s, but has %s",
              source, COMMIT_TIME_KEY, PARTITION_DEPTH_KEY, props.stringPropertyNames()));
    }
    int partitionDepth;
    try {
      partitionDepth = Integer.parseInt(depth.trim());
    } catch (NumberFormatException e) {
      throw new HudiTableException(
          String.format(
              "partition metadata %s has %s=%s, expected a non-negative integer",
              source, PARTITION_DEPTH_KEY, depth),
          e);
    }
    try {
      return new PartitionMetadata(commitTime.trim(), partitionDepth);
    } catch (HudiTableException e) {
      throw new HudiTableException(
          "invalid partition metadata " + source + ": " + e.getMessage(), e);
    }
  }

  /** Reads {@code partitionDirectory}/{@value #FILE_NAME}; empty if the file does not exist. */
  public static Optional<PartitionMetadata> read(FileSystem fs, Path partitionDirectory) {
    Path file = new Path(partitionDirectory, FILE_NAME);
    try {
      if (!fs.exists(file)) {
        return Optional.empty();
      }
      try (InputStream in = fs.open(file)) {
        return Optional.of(fromBytes(in.readAllBytes(), file.toString()));
      }
    } catch (IOException e) {
      throw new HudiTableException("cannot read partition metadata " + file, e);
    }
  }

  /**
   * Writes this metadata to {@code partitionDirectory}/{@value #FILE_NAME} unless that file exists
   * (it is never rewritten). The content goes to {@code .hoodie_partition_metadata_<writerSuffix>}
   * first and is renamed into place, so readers never see a partial file; if another writer creates
   * the file meanwhile, its file is kept (whether the rename returns false, as on HDFS, or throws
   * {@link FileAlreadyExistsException}, as on S3A). Creates the directory if needed.
   *
   * @param writerSuffix distinguishes concurrent writers' temporary files (e.g. a task id or write
   *     token); letters, digits, '-' and '_' only
   * @return true if this call created the file
   */
  public boolean writeIfAbsent(FileSystem fs, Path partitionDirectory, String writerSuffix) {
    if (writerSuffix == null || writerSuffix.isEmpty() || !writerSuffix.matches("[A-Za-z0-9_-]+")) {
      throw new HudiTableException(
          "partition metadata writer suffix must match [A-Za-z0-9_-]+, but was '"
              + writerSuffix
              + "'");
    }
    Path file = new Path(partitionDirectory, FILE_NAME);
    Path temp = new Path(partitionDirectory, FILE_NAME + "_" + writerSuffix);
    try {
      if (fs.exists(file)) {
        return false;
      }
      fs.mkdirs(partitionDirectory);
      try (OutputStream out = fs.create(temp, true)) {
        out.write(toBytes());
      }
      if (fs.exists(file)) {
        return false;
      }
      boolean renamed;
      try {
        renamed = fs.rename(temp, file);
      } catch (FileAlreadyExistsException e) {
        // S3A refuses a rename onto an existing file with this exception where HDFS and the local
        // file system return false: another writer's file is in place (two tasks writing their
        // first file of one partition at once).
        renamed = false;
      }
      if (!renamed && !fs.exists(file)) {
        throw new HudiTableException(
            "cannot rename partition metadata " + temp + " to " + file + ": rename returned false");
      }
      return renamed;
    } catch (IOException e) {
      throw new HudiTableException("cannot write partition metadata " + file, e);
    } finally {
      try {
        if (fs.exists(temp)) {
          fs.delete(temp, false);
        }
      } catch (IOException e) {
        // a leftover temporary file is ignored by readers; the next writer overwrites it
      }
    }
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof PartitionMetadata)) {
      return false;
    }
    PartitionMetadata other = (PartitionMetadata) o;
    return commitTime.equals(other.commitTime) && partitionDepth == other.partitionDepth;
  }

  @Override
  public int hashCode() {
    return Objects.hash(commitTime, partitionDepth);
  }

  @Override
  public String toString() {
    return "PartitionMetadata{commitTime="
        + commitTime
        + ", partitionDepth="
        + partitionDepth
        + "}";
  }
}
