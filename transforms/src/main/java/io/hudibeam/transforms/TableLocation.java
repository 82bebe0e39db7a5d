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
package io.hudibeam.transforms;

import io.hudibeam.table.TablePaths;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where a table is and how a worker reaches it: the table's identity and the Hadoop settings its
 * file system is opened with. Part of every stage spec.
 *
 * @param table the table
 * @param hadoopSettings the Hadoop configuration entries the write was given
 */
public record TableLocation(TableId table, SortedMap<String, String> hadoopSettings)
    implements Serializable {
  public TableLocation {
    Objects.requireNonNull(table, "table");
    hadoopSettings = Collections.unmodifiableSortedMap(new TreeMap<>(hadoopSettings));
  }

  public static TableLocation of(String basePath, Map<String, String> hadoopSettings) {
    return new TableLocation(new TableId(basePath), new TreeMap<>(hadoopSettings));
  }

  public TablePaths paths() {
    return table.paths();
  }

  public String basePath() {
    return table.basePath();
  }

  /** A new Hadoop configuration with this table's settings. */
  public Configuration hadoopConfiguration() {
    Configuration conf = new Configuration();
    hadoopSettings.forEach(conf::set);
    return conf;
  }

  /** The table's file system under {@code conf}. */
  public FileSystem fileSystem(Configuration conf) {
    try {
      return new Path(table.basePath()).getFileSystem(conf);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot get the file system of " + table.basePath(), e);
    }
  }

  /** The table's file system under a new configuration with this table's settings. */
  public FileSystem fileSystem() {
    return fileSystem(hadoopConfiguration());
  }
}
