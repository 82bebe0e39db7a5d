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
package io.hudibeam.write;

import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.table.HudiTableException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * The file group of each insert of one partition in one instant, as inserts arrive one after the
 * other (Hudi's Flink {@code BucketAssigner.addInsert}): the n-th insert (counting from 0) goes to
 * the first small file with capacity left, in file group order, then to new file groups of max file
 * size / average record size inserts each. Small files and capacity are {@link WritePlanner}'s:
 * base files under the small-file limit, (max file size − size) / average record size inserts each.
 *
 * <p>A pure function of the partition's latest base files, the sizing, the average record size and
 * the file id prefix of the new file groups, so a caller only keeps the count of inserts it has
 * assigned: the same count gives the same file group.
 */
public final class InsertAssigner {
  private final String partition;
  private final List<BaseFile> smallFiles;
  private final long[] smallFileEnds;
  private final long insertsPerNewFileGroup;
  private final UUID newFileIdPrefix;

  private InsertAssigner(
      String partition,
      List<BaseFile> smallFiles,
      long[] smallFileEnds,
      long insertsPerNewFileGroup,
      UUID newFileIdPrefix) {
    this.partition = partition;
    this.smallFiles = smallFiles;
    this.smallFileEnds = smallFileEnds;
    this.insertsPerNewFileGroup = insertsPerNewFileGroup;
    this.newFileIdPrefix = newFileIdPrefix;
  }

  /**
   * @param latestBaseFiles the latest base file of every file group of the partition
   * @param newFileIdPrefix the prefix of the file ids of the new file groups ({@code <prefix>-0},
   *     {@code <prefix>-1}, ...), unique to this partition and instant
   */
  public static InsertAssigner of(
      String partition,
      List<BaseFile> latestBaseFiles,
      FileSizing sizing,
      long averageRecordSize,
      UUID newFileIdPrefix) {
    if (averageRecordSize <= 0) {
      throw new HudiTableException("average record size must be > 0, but was " + averageRecordSize);
    }
    List<BaseFile> small = new ArrayList<>();
    List<Long> ends = new ArrayList<>();
    long end = 0;
    for (BaseFile file : smallFiles(latestBaseFiles, sizing)) {
      long capacity = Math.max(0, (sizing.maxFileSize() - file.sizeInBytes()) / averageRecordSize);
      if (capacity > 0) {
        end += capacity;
        small.add(file);
        ends.add(end);
      }
    }
    return new InsertAssigner(
        partition,
        List.copyOf(small),
        ends.stream().mapToLong(Long::longValue).toArray(),
        Math.max(1, sizing.maxFileSize() / averageRecordSize),
        newFileIdPrefix);
  }

  /** The base files under the small-file limit, in file group order. */
  static List<BaseFile> smallFiles(List<BaseFile> latestBaseFiles, FileSizing sizing) {
    List<BaseFile> small = new ArrayList<>();
    for (BaseFile file : latestBaseFiles) {
      if (file.sizeInBytes() < sizing.smallFileLimit()) {
        small.add(file);
      }
    }
    small.sort(Comparator.comparing(BaseFile::fileGroupId));
    return small;
  }

  /** The bucket of the {@code n}-th insert of this partition (n from 0). */
  public Bucket bucketOf(long n) {
    if (n < 0) {
      throw new IllegalArgumentException("insert number must be >= 0, but was " + n);
    }
    for (int i = 0; i < smallFileEnds.length; i++) {
      if (n < smallFileEnds[i]) {
        return Bucket.existing(smallFiles.get(i));
      }
    }
    long intoNew = n - (smallFileEnds.length == 0 ? 0 : smallFileEnds[smallFileEnds.length - 1]);
    long group = intoNew / insertsPerNewFileGroup;
    if (group > Integer.MAX_VALUE) {
      throw new HudiTableException(
          "Partition '" + partition + "' needs more than 2^31 new file groups in one instant");
    }
    return Bucket.newFileGroup(FileGroupId.of(partition, FileId.of(newFileIdPrefix, (int) group)));
  }

  /** Inserts the small files take before the first new file group. */
  public long smallFileCapacity() {
    return smallFileEnds.length == 0 ? 0 : smallFileEnds[smallFileEnds.length - 1];
  }
}
