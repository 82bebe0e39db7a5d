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
import io.hudibeam.table.TablePaths;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * The Parquet files of a bootstrap's source base path and their partitions, listed as Hudi's {@code
 * BootstrapUtils.getAllLeafFoldersWithFiles} (0.15.0, 1.0.2) lists them: every file whose name ends
 * in {@code .parquet}, recursively, outside any {@code .hoodie} folder, grouped by its folder
 * relative to the base path. Files whose name starts with {@code _} or {@code .} (Spark's {@code
 * _SUCCESS}, checksum files) are skipped as Hadoop's and Spark's readers skip them.
 *
 * <p>Where Hudi silently keeps only the deepest folders' files (the partitions at the highest
 * nesting level), this refuses a source whose Parquet files sit at different depths, naming a file
 * of each depth: bootstrapping part of a dataset without a word would lose rows.
 */
public final class BootstrapSource {
  private static final String PARQUET = ".parquet";

  private final Path base;
  private final List<SourceFile> files;

  private BootstrapSource(Path base, List<SourceFile> files) {
    this.base = base;
    this.files = List.copyOf(files);
  }

  /**
   * Lists the source at {@code sourcePath} for a bootstrap into the table at {@code tablePath},
   * refusing a source inside the table (or the table inside the source), a missing or empty source
   * and files at different folder depths.
   */
  public static BootstrapSource list(FileSystem fs, String sourcePath, String tablePath) {
    Path source = fs.makeQualified(new Path(sourcePath));
    Path table = fs.makeQualified(new Path(tablePath));
    if (isWithin(source, table) || isWithin(table, source)) {
      throw new HudiTableException(
          "The bootstrap source "
              + source
              + (isWithin(source, table) ? " is inside the table " : " contains the table ")
              + table
              + ": the source must be a folder of its own, outside the table's base path, and the"
              + " table's outside the source");
    }
    List<SourceFile> files = new ArrayList<>();
    try {
      RemoteIterator<LocatedFileStatus> it = fs.listFiles(source, true);
      while (it.hasNext()) {
        FileStatus status = it.next();
        Path path = status.getPath();
        if (status.isFile() && isDataFile(source, path)) {
          files.add(new SourceFile(path.toString(), relative(source, path.getParent())));
        }
      }
    } catch (FileNotFoundException e) {
      throw new HudiTableException("The bootstrap source " + source + " does not exist", e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the bootstrap source " + source, e);
    }
    if (files.isEmpty()) {
      throw new HudiTableException(
          "The bootstrap source "
              + source
              + " holds no Parquet file (*.parquet): there is nothing to bootstrap");
    }
    files.sort(Comparator.comparing(SourceFile::path));
    refuseMixedDepths(source, files);
    return new BootstrapSource(source, files);
  }

  /** The source base path, qualified. */
  public String basePath() {
    return base.toString();
  }

  /** Every source file, sorted by path. */
  public List<SourceFile> files() {
    return files;
  }

  /** The partitions (relative folders) and their files, sorted. */
  public TreeMap<String, List<SourceFile>> partitions() {
    TreeMap<String, List<SourceFile>> partitions = new TreeMap<>();
    for (SourceFile file : files) {
      partitions.computeIfAbsent(file.partition(), p -> new ArrayList<>()).add(file);
    }
    return partitions;
  }

  private static boolean isDataFile(Path source, Path path) {
    String name = path.getName();
    if (!name.endsWith(PARQUET) || name.startsWith("_") || name.startsWith(".")) {
      return false;
    }
    for (Path p = path.getParent(); p != null && !p.equals(source); p = p.getParent()) {
      if (p.getName().equals(TablePaths.META_FOLDER)) {
        return false;
      }
    }
    return true;
  }

  private static void refuseMixedDepths(Path source, List<SourceFile> files) {
    SourceFile first = files.get(0);
    for (SourceFile file : files) {
      if (depth(file.partition()) != depth(first.partition())) {
        throw new HudiTableException(
            "The bootstrap source "
                + source
                + " has Parquet files at different folder depths ("
                + first.path()
                + " and "
                + file.path()
                + "): every file must be in a partition folder of the same depth, as the table's"
                + " partition fields name them");
      }
    }
  }

  private static int depth(String partition) {
    return partition.isEmpty() ? 0 : partition.split("/").length;
  }

  private static String relative(Path base, Path folder) {
    String b = base.toUri().getPath();
    String f = folder.toUri().getPath();
    if (f.equals(b)) {
      return "";
    }
    return f.substring(b.endsWith("/") ? b.length() : b.length() + 1);
  }

  private static boolean isWithin(Path inner, Path outer) {
    for (Path p = inner; p != null; p = p.getParent()) {
      if (p.equals(outer)) {
        return true;
      }
    }
    return false;
  }
}
