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

import io.hudibeam.bootstrap.BootstrapInstants;
import io.hudibeam.hfile.Compression;
import io.hudibeam.hfile.HFileSettings;
import io.hudibeam.hfile.HFileWriter;
import io.hudibeam.table.TablePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes the bootstrap index of a METADATA_ONLY bootstrap as Hudi's {@code HFileBootstrapIndex}
 * (0.15.0; {@code HBaseHFileBootstrapIndexWriter} in 1.0.2, the same files) writes it: two HFiles
 * named {@code 00000000-0000-0000-0000-000000000000-0_1-0-1_00000000000001.hfile} ({@code
 * FSUtils.makeBootstrapIndexFileName} of {@code BOOTSTRAP_INDEX_FILE_ID} and the metadata bootstrap
 * instant), one in {@code .hoodie/.aux/.bootstrap/.partitions} keyed {@code part=<partition path>}
 * with a {@code HoodieBootstrapPartitionMetadata} value per partition, one in {@code
 * .hoodie/.aux/.bootstrap/.fileids} keyed {@code part=<partition path>;fileid=<file id>} with a
 * {@code HoodieBootstrapFilePartitionInfo} value per skeleton file; each has the file-info entry
 * {@code INDEX_INFO} (a {@code HoodieBootstrapIndexInfo}: source base path, creation time, number
 * of keys).
 *
 * <p>The cells are HBase {@code KeyValue}s with the key as row, empty family and qualifier, {@code
 * LATEST_TIMESTAMP} and type {@code Put}, as Hudi appends them, in the byte order HBase's {@code
 * CellComparatorImpl} requires (Hudi's trailer names it {@code
 * HFileBootstrapIndex$HoodieKVComparator}); Hudi's {@code HFileContextBuilder} defaults: 64 KiB
 * blocks, no compression. Where Hudi keeps HBase's 16 KiB bytes per checksum, this writes one
 * checksum per block: Hudi's native reader stops short of a block's end by 4 bytes per checksum
 * chunk ({@link HFileSettings}), and a partition's value (every source file of the partition)
 * easily outgrows one chunk.
 */
public final class BootstrapIndexWriter {
  /** Hudi's {@code HFileBootstrapIndex.BOOTSTRAP_INDEX_FILE_ID}. */
  public static final String INDEX_FILE_ID = "00000000-0000-0000-0000-000000000000-0";

  /** The comparator class Hudi's bootstrap index names in its trailer. */
  static final String COMPARATOR =
      "org.apache.hudi.common.bootstrap.index.HFileBootstrapIndex$HoodieKVComparator";

  /** Hudi's {@code HFileBootstrapIndex.INDEX_INFO_KEY_STRING}. */
  static final String INDEX_INFO_KEY = "INDEX_INFO";

  static final HFileSettings SETTINGS =
      HFileSettings.hudiDefaults()
          .withBlockSize(64 * 1024)
          .withCompression(Compression.NONE)
          .withBytesPerChecksum(1 << 30);

  private final FileSystem fs;
  private final Configuration conf;
  private final TablePaths paths;

  public BootstrapIndexWriter(Configuration conf, FileSystem fs, TablePaths paths) {
    this.conf = conf;
    this.fs = fs;
    this.paths = paths;
  }

  /** The bootstrap index folder of the table ({@code .hoodie/.aux/.bootstrap}). */
  public static Path folder(TablePaths paths) {
    return new Path(paths.auxiliaryFolder(), ".bootstrap");
  }

  /** The partition index file. */
  public static Path partitionIndex(TablePaths paths) {
    return new Path(new Path(folder(paths), ".partitions"), fileName());
  }

  /** The file-id index file. */
  public static Path fileIdIndex(TablePaths paths) {
    return new Path(new Path(folder(paths), ".fileids"), fileName());
  }

  private static String fileName() {
    return INDEX_FILE_ID + "_1-0-1_" + BootstrapInstants.METADATA_ONLY.value() + ".hfile";
  }

  /**
   * Writes both index files for {@code mappings} (replacing the files of an earlier attempt that
   * did not commit), naming {@code sourceBasePath}, created at {@code createdTimestamp} (epoch
   * milliseconds, as Hudi's {@code new Date().getTime()}).
   */
  public void write(
      String sourceBasePath, List<BootstrapFileMapping> mappings, long createdTimestamp) {
    Map<String, List<BootstrapFileMapping>> byPartition = new TreeMap<>(this::compareKeys);
    Map<String, BootstrapFileMapping> byFileGroup = new TreeMap<>(this::compareKeys);
    for (BootstrapFileMapping m : mappings) {
      String partition = m.fileGroup().partitionPath();
      byPartition.computeIfAbsent(partitionKey(partition), k -> new ArrayList<>()).add(m);
      byFileGroup.put(fileGroupKey(partition, m.fileGroup().fileId().value()), m);
    }
    Path partitions = partitionIndex(paths);
    Path fileIds = fileIdIndex(paths);
    delete(partitions);
    delete(fileIds);
    HFileWriter writer = open(partitions);
    try {
      for (Map.Entry<String, List<BootstrapFileMapping>> e : byPartition.entrySet()) {
        String partition = e.getValue().get(0).fileGroup().partitionPath();
        writer.append(
            bytes(e.getKey()), BootstrapIndexValues.partitionMetadata(partition, e.getValue()));
      }
      writer.appendFileInfo(
          INDEX_INFO_KEY,
          BootstrapIndexValues.indexInfo(sourceBasePath, createdTimestamp, byPartition.size()));
      writer.close();
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    writer = open(fileIds);
    try {
      for (Map.Entry<String, BootstrapFileMapping> e : byFileGroup.entrySet()) {
        writer.append(bytes(e.getKey()), BootstrapIndexValues.filePartitionInfo(e.getValue()));
      }
      writer.appendFileInfo(
          INDEX_INFO_KEY,
          BootstrapIndexValues.indexInfo(sourceBasePath, createdTimestamp, byFileGroup.size()));
      writer.close();
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  /** Hudi's {@code HFileBootstrapIndex.getPartitionKey}. */
  static String partitionKey(String partitionPath) {
    return "part=" + partitionPath;
  }

  /** Hudi's {@code HFileBootstrapIndex.getFileGroupKey}. */
  static String fileGroupKey(String partitionPath, String fileId) {
    return partitionKey(partitionPath) + ";fileid=" + fileId;
  }

  private HFileWriter open(Path path) {
    return HFileWriter.create(conf, path, SETTINGS).withComparatorClassName(COMPARATOR);
  }

  private void delete(Path path) {
    try {
      fs.delete(path, false);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete the stale bootstrap index file " + path, e);
    }
  }

  private int compareKeys(String a, String b) {
    return Arrays.compareUnsigned(bytes(a), bytes(b));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
