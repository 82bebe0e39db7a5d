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
package io.hudibeam.bootstrap;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableProperty;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.Timeline;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Refuses to read ({@code HudiIO.read()}) a table bootstrapped with METADATA_ONLY partitions (by
 * Hudi's Spark writer or by {@code HudiIO.bootstrap()}), which this library cannot do right yet:
 * the rows of such a partition live in the untouched source files that the bootstrap index ({@code
 * .hoodie/.aux/.bootstrap/}, Hudi's {@code HFileBootstrapIndex}) maps each skeleton file to, and a
 * reader that sees only the skeleton files would lose the rows' columns. Writes (upserts, deletes,
 * inserts, compaction) are not refused: they read a skeleton file joined with its source file
 * ({@code io.hudibeam.skeleton.BootstrapBaseFileReader}).
 *
 * <p>A table is METADATA_ONLY-bootstrapped when its {@code hoodie.properties} names a {@code
 * hoodie.bootstrap.base.path} and either its timeline holds the metadata bootstrap instant {@code
 * 00000000000001} or the bootstrap index's partition folder holds a file. A FULL_RECORD bootstrap
 * (Hudi's or ours) records the base path too, but neither of the others, and is written as usual.
 */
public final class MetadataOnlyBootstrapCheck {
  private MetadataOnlyBootstrapCheck() {}

  /**
   * Fails, naming the table, the source and {@code what}, if the table is
   * METADATA_ONLY-bootstrapped.
   */
  public static void refuse(FileSystem fs, TablePaths paths, TableConfig table, String what) {
    Optional<String> source = table.get(TableProperty.BOOTSTRAP_BASE_PATH);
    if (source.isEmpty()) {
      return;
    }
    Optional<String> evidence = evidence(fs, paths);
    if (evidence.isPresent()) {
      throw new HudiTableException(
          "Cannot "
              + what
              + " the table "
              + paths.basePath()
              + ": it was bootstrapped (by Hudi or HudiIO) with METADATA_ONLY partitions ("
              + evidence.get()
              + "; source "
              + source.get()
              + "), whose rows stay in the source files, and HudiIO.read() does not read"
              + " them yet. Use Hudi's own reader for this table (HudiIO writes to it), or"
              + " bootstrap the source again with FULL_RECORD (HudiIO.bootstrap())");
    }
  }

  private static Optional<String> evidence(FileSystem fs, TablePaths paths) {
    for (Instant instant : Timeline.load(fs, paths).instants()) {
      if (instant.time().equals(BootstrapInstants.METADATA_ONLY)) {
        return Optional.of("its timeline holds the metadata bootstrap instant " + instant);
      }
    }
    Path index = new Path(paths.auxiliaryFolder(), ".bootstrap/.partitions");
    try {
      for (FileStatus status : fs.listStatus(index)) {
        if (status.isFile()) {
          return Optional.of("its bootstrap index holds " + status.getPath());
        }
      }
    } catch (FileNotFoundException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the bootstrap index " + index, e);
    }
    return Optional.empty();
  }
}
