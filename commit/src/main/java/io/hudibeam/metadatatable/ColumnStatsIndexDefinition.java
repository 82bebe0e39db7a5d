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
package io.hudibeam.metadatatable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The {@code column_stats} index definition Hudi 1.0.2's Spark writer registers when it initialises
 * {@code column_stats} ({@code SparkHoodieBackedTableMetadataWriter
 * .updateColumnsToIndexWithColStats} → {@code HoodieSparkIndexClient
 * .createOrUpdateColumnStatsIndexDefinition} → {@code HoodieIndexUtils.register}): in {@code
 * .hoodie/.index_defs/index.json} ({@code HoodieIndexMetadata}, Jackson's default pretty printer),
 * entry {@code column_stats} with name, type and function {@code column_stats}, the indexed columns
 * as {@code sourceFields} and no options; other entries kept ({@code
 * HoodieTableMetaClient.buildIndexDefinition}). The table's {@code hoodie.table.index.defs.path} is
 * set to the file's path relative to the base path when unset. Hudi 1.0.2's Spark reader needs it
 * once {@code partition_stats} is available ({@code PartitionStatsIndexSupport.prunePartitions}
 * reads {@code getIndexMetadata().get()}).
 */
final class ColumnStatsIndexDefinition {
  static final String PATH_PROPERTY = "hoodie.table.index.defs.path";
  private static final String FOLDER = ".index_defs";
  private static final String FILE = "index.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private ColumnStatsIndexDefinition() {}

  /** Registers {@code columns} as the {@code column_stats} definition; returns the table config. */
  static TableConfig register(
      FileSystem fs, TablePaths paths, TableConfigStore store, List<String> columns) {
    TableConfig table = store.load();
    String relative = table.get(PATH_PROPERTY).orElse(".hoodie/" + FOLDER + "/" + FILE);
    Path file = new Path(paths.basePath(), relative);
    ObjectNode root = JSON.createObjectNode();
    try {
      if (fs.exists(file)) {
        try (InputStream in = fs.open(file)) {
          JsonNode existing = JSON.readTree(in);
          if (existing instanceof ObjectNode o && o.get("indexDefinitions") instanceof ObjectNode) {
            root = o;
          }
        }
      }
      ObjectNode definitions =
          root.get("indexDefinitions") instanceof ObjectNode o
              ? o
              : root.putObject("indexDefinitions");
      ObjectNode definition = JSON.createObjectNode();
      definition.put("indexName", ColumnStatsKeys.PARTITION);
      definition.put("indexType", ColumnStatsKeys.PARTITION);
      definition.put("indexFunction", ColumnStatsKeys.PARTITION);
      ArrayNode sources = definition.putArray("sourceFields");
      columns.forEach(sources::add);
      definition.putObject("indexOptions");
      definitions.set(ColumnStatsKeys.PARTITION, definition);
      byte[] bytes =
          JSON.writerWithDefaultPrettyPrinter()
              .writeValueAsString(root)
              .getBytes(StandardCharsets.UTF_8);
      try (OutputStream out = fs.create(file, true)) {
        out.write(bytes);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the index definitions " + file, e);
    }
    if (table.get(PATH_PROPERTY).isPresent()) {
      return table;
    }
    return store.update(c -> c.with(PATH_PROPERTY, relative));
  }
}
