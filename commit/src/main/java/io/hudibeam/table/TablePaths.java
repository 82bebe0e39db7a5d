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
package io.hudibeam.table;

import java.io.Serializable;
import org.apache.hadoop.fs.Path;

/**
 * Where a table's folders and files live under its base path (Hudi's {@code
 * HoodieTableMetaClient}).
 */
public final class TablePaths implements Serializable {
  private static final long serialVersionUID = 1L;

  public static final String META_FOLDER = ".hoodie";
  public static final String PROPERTIES_FILE = "hoodie.properties";
  public static final String PROPERTIES_BACKUP_FILE = "hoodie.properties.backup";

  private final String basePath;

  private TablePaths(String basePath) {
    this.basePath = basePath;
  }

  public static TablePaths of(String basePath) {
    if (basePath == null || basePath.isEmpty()) {
      throw new InvalidTableConfigException("The table base path must not be empty");
    }
    String trimmed = basePath;
    while (trimmed.length() > 1 && trimmed.endsWith("/")) {
      trimmed = trimmed.substring(0, trimmed.length() - 1);
    }
    return new TablePaths(trimmed);
  }

  public String basePathString() {
    return basePath;
  }

  public Path basePath() {
    return new Path(basePath);
  }

  public Path metaFolder() {
    return new Path(basePath(), META_FOLDER);
  }

  public Path propertiesFile() {
    return new Path(metaFolder(), PROPERTIES_FILE);
  }

  public Path propertiesBackupFile() {
    return new Path(metaFolder(), PROPERTIES_BACKUP_FILE);
  }

  public Path tempFolder() {
    return new Path(metaFolder(), ".temp");
  }

  /** The marker folder of an instant: {@code .hoodie/.temp/<instant>}. */
  public Path markerFolder(String instantTime) {
    return new Path(tempFolder(), instantTime);
  }

  public Path auxiliaryFolder() {
    return new Path(metaFolder(), ".aux");
  }

  /**
   * HudiIO's streaming sinks' heartbeats, {@code .hoodie/.aux/.sinks}: a folder of the auxiliary
   * folder, which Hudi's readers and table services leave alone.
   */
  public Path sinkHeartbeatFolder() {
    return new Path(auxiliaryFolder(), ".sinks");
  }

  /**
   * Where a commit on a file system without an atomic create-if-absent announces itself, {@code
   * .hoodie/.aux/.commit-intents} ({@code concurrency/CommitIntents}): a folder of the auxiliary
   * folder, which Hudi's readers and table services leave alone.
   */
  public Path commitIntentFolder() {
    return new Path(auxiliaryFolder(), ".commit-intents");
  }

  public Path schemaFolder() {
    return new Path(metaFolder(), ".schema");
  }

  public Path archivedFolder() {
    return new Path(metaFolder(), "archived");
  }

  public Path heartbeatFolder() {
    return new Path(metaFolder(), ".heartbeat");
  }

  public Path metadataTableFolder() {
    return new Path(metaFolder(), "metadata");
  }

  /**
   * A partition folder; the base path itself for the empty partition path.
   *
   * @throws HudiTableException when {@code partitionPath} is not a relative path of folders under
   *     the base path (an empty folder name, {@code .} or {@code ..}) or starts with the {@code
   *     .hoodie} folder: such a path would reach the table's metadata or outside the table
   */
  public Path partitionFolder(String partitionPath) {
    if (partitionPath.isEmpty()) {
      return basePath();
    }
    String[] folders = partitionPath.split("/", -1);
    for (String folder : folders) {
      if (folder.isEmpty()
          || folder.equals(".")
          || folder.equals("..")
          || folders[0].equals(META_FOLDER)) {
        throw new HudiTableException(
            String.format(
                "Partition path '%s' of table %s is not a relative path of partition folders under the"
                    + " base path: folder name '%s' is empty, '.' or '..', or the path is in %s",
                partitionPath, basePath, folder, META_FOLDER));
      }
    }
    return new Path(basePath(), partitionPath);
  }

  /** The path of a file relative to the base path, as commit metadata stores it. */
  public static String relativePath(String partitionPath, String fileName) {
    return partitionPath.isEmpty() ? fileName : partitionPath + "/" + fileName;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TablePaths && basePath.equals(((TablePaths) o).basePath);
  }

  @Override
  public int hashCode() {
    return basePath.hashCode();
  }

  @Override
  public String toString() {
    return basePath;
  }
}
