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
package io.hudibeam.files;

import io.hudibeam.table.TablePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The listing of the file system: partitions are the folders holding a {@code
 * .hoodie_partition_metadata} file (Hudi's {@code FSUtils.getAllPartitionPaths} without the
 * metadata table), a partition's files are its folder's. It shows every file on disk, also those of
 * pending and failed instants; {@link FileSystemView} keeps the committed ones.
 */
public final class FileSystemListing implements FileListing {
  private final FileSystem fs;
  private final TablePaths paths;

  private FileSystemListing(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
  }

  public static FileSystemListing of(FileSystem fs, TablePaths paths) {
    return new FileSystemListing(fs, paths);
  }

  @Override
  public List<String> partitions() {
    List<String> partitions = new ArrayList<>();
    try {
      collectPartitions(paths.basePath(), "", partitions);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list partitions of " + paths, e);
    }
    Collections.sort(partitions);
    return partitions;
  }

  private void collectPartitions(Path folder, String relative, List<String> out)
      throws IOException {
    FileStatus[] children = fs.listStatus(folder);
    boolean isPartition = false;
    List<FileStatus> subfolders = new ArrayList<>();
    for (FileStatus child : children) {
      String name = child.getPath().getName();
      if (child.isDirectory()) {
        if (!name.startsWith(".")) {
          subfolders.add(child);
        }
      } else if (name.startsWith(FileSystemView.PARTITION_METADATA_PREFIX)) {
        isPartition = true;
      }
    }
    if (isPartition) {
      out.add(relative);
      return;
    }
    for (FileStatus sub : subfolders) {
      String name = sub.getPath().getName();
      collectPartitions(sub.getPath(), relative.isEmpty() ? name : relative + "/" + name, out);
    }
  }

  @Override
  public List<ListedFile> files(String partition) {
    Path folder = paths.partitionFolder(partition);
    try {
      if (!fs.exists(folder)) {
        return List.of();
      }
      List<ListedFile> files = new ArrayList<>();
      for (FileStatus status : fs.listStatus(folder)) {
        if (status.isFile()) {
          files.add(new ListedFile(status.getPath().getName(), status.getLen()));
        }
      }
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list partition '" + partition + "' of " + paths, e);
    }
  }

  @Override
  public String source() {
    return "file system";
  }
}
