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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The data files a table has on a local disk, whatever its timeline says; copies of table folders.
 */
public final class TableFiles {
  private TableFiles() {}

  /**
   * Copies a table folder to {@code target} (to run Hudi and us on identical tables); returns the
   * copy's path.
   */
  public static String copy(String basePath, Path target) {
    Path source = Paths.get(basePath);
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path dest = target.resolve(source.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(
              file, dest, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target.toString();
  }

  /** Relative paths of every {@code .parquet} file under the base path outside {@code .hoodie}. */
  public static TreeSet<String> dataFilesOnDisk(String basePath) {
    Path root = Paths.get(basePath);
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".parquet"))
          .map(f -> root.relativize(f).toString())
          .filter(f -> !f.startsWith(".hoodie"))
          .collect(Collectors.toCollection(TreeSet::new));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
