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
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Tells a METADATA_ONLY bootstrap's skeleton base files from regular ones, for readers and writers
 * alike, as Hudi's file-system view does ({@code AbstractTableFileSystemView
 * .addBootstrapBaseFileIfPresent}, 0.15.0 and 1.0.2): a base file of the metadata bootstrap instant
 * {@code 00000000000001} whose file group the bootstrap index maps gets that source file attached,
 * and is read joined with it ({@link BootstrapBaseFileReader}). A table without a bootstrap index
 * has no skeleton files; a base file of that instant that the index does not map is refused rather
 * than read without its data columns.
 */
public final class SkeletonBaseFiles {
  private final Configuration conf;
  private final FileSystem fs;
  private final TablePaths paths;

  private SkeletonBaseFiles(Configuration conf, FileSystem fs, TablePaths paths) {
    this.conf = Objects.requireNonNull(conf, "conf");
    this.fs = Objects.requireNonNull(fs, "fs");
    this.paths = Objects.requireNonNull(paths, "paths");
  }

  public static SkeletonBaseFiles of(Configuration conf, FileSystem fs, TablePaths paths) {
    return new SkeletonBaseFiles(conf, fs, paths);
  }

  /** Whether {@code name} is a base file of the metadata bootstrap instant (a skeleton file). */
  public static boolean isMetadataBootstrapFile(BaseFileName name) {
    return name.instantTime().equals(BootstrapInstants.METADATA_ONLY);
  }

  /**
   * The skeleton-and-source reader of the base file {@code base} of {@code fileGroup} if it is a
   * skeleton file, else empty (read the file as it is).
   */
  public Optional<BootstrapBaseFileReader> readerOf(FileGroupId fileGroup, Path base) {
    if (!isMetadataBootstrapFile(BaseFileName.parse(base.getName()))) {
      return Optional.empty();
    }
    Optional<BootstrapIndexReader> index = BootstrapIndexReader.open(conf, fs, paths);
    if (index.isEmpty()) {
      return Optional.empty();
    }
    BootstrapFileMapping mapping =
        index
            .get()
            .mappingOf(fileGroup)
            .orElseThrow(
                () ->
                    new HudiTableException(
                        "The base file "
                            + base
                            + " of the metadata bootstrap instant "
                            + BootstrapInstants.METADATA_ONLY
                            + " has no source file in the bootstrap index "
                            + index.get()
                            + " (file group "
                            + fileGroup
                            + "); its data columns cannot be read"));
    List<String> partitionFields = new TableConfigStore(fs, paths).load().partitionFields();
    return Optional.of(BootstrapBaseFileReader.of(conf, base, mapping, partitionFields));
  }
}
