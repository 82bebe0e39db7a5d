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
package io.hudibeam.examples.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** File helpers the benchmarks share: a table's timeline from its files, copies, deletes. */
final class BenchFiles {
  private static final Pattern COMPLETED = Pattern.compile("^(\\d{17})\\.(commit|deltacommit)$");

  private BenchFiles() {}

  /**
   * Completed commit or deltacommit instants (table version 6: {@code T.commit} in {@code
   * .hoodie}), {@code T.action} to the modification time of the completed file (ms).
   */
  static Map<String, Long> completedInstants(Path table) throws IOException {
    Map<String, Long> out = new TreeMap<>();
    if (!Files.isDirectory(table.resolve(".hoodie"))) {
      return out;
    }
    try (Stream<Path> files = Files.list(table.resolve(".hoodie"))) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Matcher m = COMPLETED.matcher(f.getFileName().toString());
        if (m.matches()) {
          out.put(m.group(1) + "." + m.group(2), Files.getLastModifiedTime(f).toMillis());
        }
      }
    }
    return out;
  }

  /** The modification time of a completed instant's requested file (ms). */
  static long requestedMillis(Path table, String completed) throws IOException {
    Path requested = table.resolve(".hoodie").resolve(completed + ".requested");
    return Files.getLastModifiedTime(requested).toMillis();
  }

  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      List<Path> all = new ArrayList<>();
      walk.forEach(all::add);
      Collections.reverse(all);
      for (Path p : all) {
        Files.delete(p);
      }
    }
  }

  static void copyRecursively(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
