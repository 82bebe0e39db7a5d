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
package io.hudibeam.testing;

import io.hudibeam.table.HudiTableException;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The golden tables Hudi 0.15's Spark writer made ({@code shared/golden/README.md}), shipped as
 * test resources under {@code golden/} of this module and its test-jar. {@link #copyTo} gives a
 * writable copy.
 */
public enum GoldenTable {
  /** COW, bulk_insert 0:0:1000, upsert 1:500:1000, delete keys 0..99; metadata table on. */
  V6_COW_TRIPS("v6_cow_trips", 1400),
  /**
   * COW, ComplexKeyGenerator on uuid,rider, hive-style city=... folders; insert 0:0:300, upsert
   * 1:100:300.
   */
  V6_COW_COMPLEXKEY_HIVE("v6_cow_complexkey_hive", 400),
  /**
   * COW, non-partitioned, upserts 0:0:300, 1:100:300, 2:200:300, 3:300:300, two cleans. Its batch-3
   * rows carry {@code ts = 1700000000000 + (int) (3 * 1000000000L) + i}: the generator overflowed
   * 32-bit ints there.
   */
  V6_COW_NONPARTITIONED_CLEANED("v6_cow_nonpartitioned_cleaned", 600),
  /**
   * MOR, insert 0:0:1000, upsert 1:500:1000, delete keys 0..99: deltacommits, log files; metadata
   * table on.
   */
  V6_MOR_TRIPS("v6_mor_trips", 1400);

  private final String folder;
  private final int rows;

  GoldenTable(String folder, int rows) {
    this.folder = folder;
    this.rows = rows;
  }

  public String folder() {
    return folder;
  }

  /** The number of rows of the table's latest snapshot. */
  public int rows() {
    return rows;
  }

  /**
   * Copies the table to {@code parent/folder()} (from a folder or from inside the test-jar) and
   * recreates the empty {@code .hoodie} folders git does not keep; returns the copy's base path.
   */
  public File copyTo(File parent) {
    String resource = "/golden/" + folder;
    URL url = GoldenTable.class.getResource(resource);
    if (url == null) {
      throw new HudiTableException(
          "golden table resource " + resource + " is not on the test class path");
    }
    Path target = parent.toPath().resolve(folder);
    try {
      URI uri = url.toURI();
      if ("jar".equals(uri.getScheme())) {
        try (FileSystem jar = openJar(uri)) {
          copyTree(jar.getPath(resource), target);
        }
      } else {
        copyTree(Paths.get(uri), target);
      }
    } catch (IOException | URISyntaxException e) {
      throw new HudiTableException("cannot copy golden table " + url + " to " + target, e);
    }
    restoreEmptyMetaFolders(target.toFile());
    return target.toFile();
  }

  /**
   * Recreates the empty folders Hudi keeps under {@code .hoodie} ({@code .aux}, {@code .temp},
   * {@code .schema}, {@code archived}), which a git copy of a table lacks.
   */
  public static void restoreEmptyMetaFolders(File basePath) {
    for (String dir : List.of(".aux", ".temp", ".schema", "archived")) {
      try {
        Files.createDirectories(basePath.toPath().resolve(".hoodie").resolve(dir));
      } catch (IOException e) {
        throw new HudiTableException("cannot create .hoodie/" + dir + " under " + basePath, e);
      }
    }
  }

  private static FileSystem openJar(URI uri) throws IOException {
    try {
      return FileSystems.newFileSystem(uri, Map.of());
    } catch (FileSystemAlreadyExistsException e) {
      throw new HudiTableException(
          "the test-jar file system for " + uri + " is already open elsewhere", e);
    }
  }

  private static void copyTree(Path source, Path target) throws IOException {
    List<Path> all;
    try (Stream<Path> walk = Files.walk(source)) {
      all = walk.collect(Collectors.toList());
    }
    for (Path p : all) {
      Path dest = target.resolve(source.relativize(p).toString());
      if (Files.isDirectory(p)) {
        Files.createDirectories(dest);
      } else {
        Files.createDirectories(dest.getParent());
        Files.copy(p, dest);
      }
    }
  }
}
