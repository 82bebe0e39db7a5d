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
package io.hudibeam.commit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hudibeam.table.InvalidTableConfigException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableProperty;
import io.hudibeam.table.TableVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What this writer supports of a table's version, checked when a write opens or creates the table:
 * table versions 6 and 8 (others are refused when {@code hoodie.properties} is read), no upgrade of
 * a version 6 table to 8, and on version 8 only what it can keep consistent: copy-on-write and
 * merge-on-read tables (log files named and sliced by Hudi 1.0's rules), without the secondary or
 * expression indexes Hudi 1.0 declares in {@code .hoodie/.index_defs} (the metadata table's own
 * indexes declared there are allowed), with the event-time or commit-time record merge mode.
 */
final class TableVersionCheck {
  static final String INDEX_DEFINITIONS_FOLDER = ".index_defs";

  /**
   * The metadata table's built-in indexes ({@code HoodieTableMetadataUtil.PARTITION_NAME_*}): they
   * go with the metadata table this writer deletes.
   */
  private static final List<String> METADATA_TABLE_INDEXES =
      List.of("files", "column_stats", "partition_stats", "bloom_filters", "record_index");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final FileSystem fs;
  private final TablePaths paths;

  TableVersionCheck(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
  }

  /** Checks the config of a table this write is about to create. */
  void checkNewTable(TableConfig requested) {
    checkSupported(requested, "The write requests a new table at " + paths + " with");
  }

  /** Checks an existing table against the write's request. */
  void checkExistingTable(TableConfig table, TableConfig requested) {
    if (table.version() == TableVersion.SIX && requested.version() == TableVersion.EIGHT) {
      throw new InvalidTableConfigException(
          String.format(
              "Table at %s has %s=6 but the write requested table version 8: this writer does not"
                  + " upgrade tables. Write it as version 6 (the default), or upgrade it with Hudi 1.x's"
                  + " writer (hoodie.write.auto.upgrade=true) first",
              paths, TableProperty.TABLE_VERSION.key()));
    }
    checkSupported(table, "Table at " + paths + " has");
    if (table.version() == TableVersion.EIGHT) {
      refuseIndexDefinitions();
    }
  }

  private void checkSupported(TableConfig config, String subject) {
    if (config.version() != TableVersion.EIGHT) {
      return;
    }
    Optional<String> mergeMode = config.get(TableProperty.RECORD_MERGE_MODE);
    if (mergeMode.isPresent()
        && !mergeMode.get().equals("EVENT_TIME_ORDERING")
        && !mergeMode.get().equals("COMMIT_TIME_ORDERING")) {
      throw new InvalidTableConfigException(
          String.format(
              "%s %s=%s: this writer merges records by the ordering field only (EVENT_TIME_ORDERING or"
                  + " COMMIT_TIME_ORDERING) and cannot apply a custom record merger. Write this table"
                  + " with Hudi 1.x",
              subject, TableProperty.RECORD_MERGE_MODE.key(), mergeMode.get()));
    }
  }

  /**
   * Refuses a table whose index definitions ({@code .hoodie/.index_defs/index.json}, Hudi 1.0's
   * {@code HoodieIndexMetadata}) declare a secondary or expression index: they live in the metadata
   * table, which this writer does not maintain, so every write would leave them stale. The
   * definitions of the metadata table's own indexes are allowed: Hudi 1.0.2's Spark writer declares
   * {@code column_stats} there on every new table, and those indexes go with the metadata table
   * this writer deletes (Hudi's writer rebuilds them). Names follow Hudi's {@code
   * HoodieTableMetadataUtil.PARTITION_NAME_*} and {@code MetadataPartitionType}: a secondary index
   * is named {@code secondary_index_<name>}, an expression index {@code expr_index_<name>}; a name
   * that is neither a built-in index nor one of these is refused too.
   */
  private void refuseIndexDefinitions() {
    Path folder = new Path(paths.metaFolder(), INDEX_DEFINITIONS_FOLDER);
    FileStatus[] definitions;
    try {
      if (!fs.exists(folder)) {
        return;
      }
      definitions = fs.listStatus(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + folder, e);
    }
    for (FileStatus definition : definitions) {
      if (definition.isFile() && definition.getLen() > 0) {
        for (String index : indexNames(definition.getPath())) {
          if (!METADATA_TABLE_INDEXES.contains(index)) {
            throw new InvalidTableConfigException(
                String.format(
                    "Table at %s declares the index %s in %s, a secondary or expression index (or"
                        + " one this writer does not know; it accepts only the metadata table's own"
                        + " %s): Hudi 1.x keeps it in the metadata table, which this writer does not"
                        + " maintain, so its writes would leave it stale and queries using it would"
                        + " miss rows. Drop the index with Hudi (DROP INDEX), or write this table with"
                        + " Hudi 1.x. Nothing was written",
                    paths, index, definition.getPath(), METADATA_TABLE_INDEXES));
          }
        }
      }
    }
  }

  /** The index names declared in an index definitions file ({@code indexDefinitions} keys). */
  private List<String> indexNames(Path file) {
    JsonNode root;
    try (InputStream in = fs.open(file)) {
      root = JSON.readTree(in);
    } catch (IOException e) {
      throw new InvalidTableConfigException(
          String.format(
              "Cannot read the index definitions in %s (Hudi 1.x's JSON with an indexDefinitions"
                  + " object was expected): %s. Nothing was written",
              file, e.getMessage()));
    }
    JsonNode indexes = root == null ? null : root.get("indexDefinitions");
    if (indexes == null || !indexes.isObject()) {
      throw new InvalidTableConfigException(
          String.format(
              "The index definitions in %s have no indexDefinitions object (Hudi 1.x's"
                  + " HoodieIndexMetadata JSON was expected). Nothing was written",
              file));
    }
    List<String> names = new ArrayList<>();
    indexes.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
