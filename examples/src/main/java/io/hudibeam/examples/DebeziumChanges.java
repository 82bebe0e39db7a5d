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
package io.hudibeam.examples;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.ResourceId;

/**
 * Debezium JSON change events as the {@code cdc} command reads them: one envelope per line parsed
 * into its source table's fields, and each source table's schema inferred from the input's events.
 */
final class DebeziumChanges {
  /** One change event: its source table ({@code db/table}) and the fields of its record. */
  record Change(String table, Map<String, Object> fields) {}

  private DebeziumChanges() {}

  /**
   * The change event of one envelope line: the row image ({@code after}, or {@code before} for a
   * delete) with the operation, {@code source.lsn} and {@code ts_ms} as Hudi's Debezium columns.
   *
   * @throws BadRecordException naming what the line lacks
   */
  static Change parse(String line) {
    Map<String, Object> envelope = TextRecords.jsonFields(line);
    String op = text(envelope.get("op"));
    if (op == null) {
      throw new BadRecordException("has no 'op'");
    }
    Object sourceNode = envelope.get("source");
    Map<String, Object> source =
        sourceNode == null || text(sourceNode) == null
            ? Map.of()
            : TextRecords.jsonFields(sourceNode.toString());
    String db = text(source.get("db"));
    String table = text(source.get("table"));
    if (db == null || table == null) {
      throw new BadRecordException("has no 'source.db' and 'source.table'");
    }
    String imageField = op.equals("d") ? "before" : "after";
    Object image = envelope.get(imageField);
    if (image == null || text(image) == null) {
      throw new BadRecordException("op '" + op + "' has no '" + imageField + "' row image");
    }
    Map<String, Object> fields =
        new java.util.LinkedHashMap<>(TextRecords.jsonFields(image.toString()));
    fields.put(CdcExample.OP_FIELD, envelope.get("op"));
    if (source.get("lsn") != null) {
      fields.put(CdcExample.LSN_FIELD, source.get("lsn"));
    }
    if (source.get("file") != null && source.get("pos") != null) {
      fields.put(CdcExample.BIN_FILE_FIELD, source.get("file"));
      fields.put(CdcExample.POS_FIELD, source.get("pos"));
    }
    if (envelope.get("ts_ms") != null) {
      fields.put(CdcExample.TS_FIELD, envelope.get("ts_ms"));
    }
    return new Change(db + "/" + table, fields);
  }

  private static String text(Object node) {
    if (node == null) {
      return null;
    }
    com.fasterxml.jackson.databind.JsonNode json = (com.fasterxml.jackson.databind.JsonNode) node;
    return json.isNull() ? null : json.isValueNode() ? json.asText() : json.toString();
  }

  /**
   * The ordering fields of a source table: {@code orderingOption} split at commas when given; else
   * {@code _event_lsn} when its events have {@code source.lsn} (PostgreSQL), else {@code
   * _event_bin_file, _event_pos} when they have {@code source.file} and {@code source.pos} (MySQL's
   * binlog file and position, compared in turn; Hudi's code after 1.0 orders MySQL Debezium tables
   * by these two fields), else {@code _event_lsn} (which {@link #check} then refuses, naming the
   * table).
   */
  static List<String> ordering(Schema schema, String orderingOption) {
    if (orderingOption != null) {
      return List.of(orderingOption.split(","));
    }
    if (schema.getField(CdcExample.LSN_FIELD) == null
        && schema.getField(CdcExample.BIN_FILE_FIELD) != null
        && schema.getField(CdcExample.POS_FIELD) != null) {
      return List.of(CdcExample.BIN_FILE_FIELD, CdcExample.POS_FIELD);
    }
    return List.of(CdcExample.LSN_FIELD);
  }

  static void check(String table, Schema schema, List<String> keys, List<String> orderingFields) {
    for (String key : keys) {
      if (schema.getField(key) == null) {
        throw new UsageException(
            "--recordKey="
                + String.join(",", keys)
                + ": source table "
                + table
                + " has no field '"
                + key
                + "' (its fields: "
                + fieldNames(schema)
                + ")");
      }
    }
    for (String ordering : orderingFields) {
      if (schema.getField(ordering) == null) {
        throw new UsageException(
            "source table "
                + table
                + " has no ordering field '"
                + ordering
                + "'"
                + (ordering.equals(CdcExample.LSN_FIELD)
                    ? " (its events have no source.lsn, nor source.file and source.pos): give"
                        + " --orderingField=F[,F], fields of its rows"
                    : " (its fields: " + fieldNames(schema) + ")"));
      }
    }
  }

  private static String fieldNames(Schema schema) {
    return schema.getFields().stream()
        .map(Schema.Field::name)
        .collect(java.util.stream.Collectors.joining(", "));
  }

  /** Each source table's schema, inferred from every change event of the input. */
  static Map<String, Schema> tableSchemas(String glob) {
    Map<String, List<Map<String, Object>>> samples = new TreeMap<>();
    for (ResourceId file : IngestExample.match(glob)) {
      try (BufferedReader lines =
          new BufferedReader(
              new InputStreamReader(
                  Channels.newInputStream(FileSystems.open(file)), StandardCharsets.UTF_8))) {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          try {
            if (!line.isBlank()) {
              Change change = parse(line);
              samples.computeIfAbsent(change.table(), t -> new ArrayList<>()).add(change.fields());
            }
          } catch (BadRecordException e) {
            // not sampled; the pipeline rejects it with its reason
          }
        }
      } catch (IOException e) {
        throw new UsageException("cannot read " + file + ": " + e.getMessage());
      }
    }
    if (samples.isEmpty()) {
      throw new UsageException("--input=" + glob + " holds no change event with a source table");
    }
    Map<String, Schema> schemas = new TreeMap<>();
    samples.forEach(
        (table, rows) -> schemas.put(table, TextRecords.infer(table.replace('/', '_'), rows)));
    return schemas;
  }
}
