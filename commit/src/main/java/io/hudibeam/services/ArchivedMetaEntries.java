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
package io.hudibeam.services;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.State;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.SeekableByteArrayInput;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;

/**
 * One {@code HoodieArchivedMetaEntry} per instant state file, as Hudi 0.15's {@code
 * MetadataConversionUtils.createMetaWrapper} builds it: commit time, action state, state transition
 * time, action type, and the state's content in the field Hudi's {@code HoodieArchivedTimeline}
 * reads for that action. JSON commit metadata becomes the Avro {@code HoodieCommitMetadata} (fields
 * by name, as Hudi's Jackson conversion; extraMetadata gains {@code ROLLING_STAT=""}, a compaction
 * commit gets operationType COMPACT); Avro instant files (clean plan and metadata, rollback
 * metadata, compaction plan, requested replace metadata) are decoded into the entry's nested
 * schema. A completed instant with an empty file gets only the four descriptive fields.
 */
final class ArchivedMetaEntries {
  static final Schema SCHEMA = loadSchema();
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String ROLLING_STAT = "ROLLING_STAT";

  private ArchivedMetaEntries() {}

  /**
   * The entry of one state file of an instant.
   *
   * @param content the state file's bytes
   * @param stateTransitionTime the file's modification time as an instant time (Hudi's {@code
   *     HoodieInstant.getStateTransitionTime})
   */
  static GenericRecord of(Instant instant, byte[] content, String stateTransitionTime) {
    GenericRecord entry = new GenericData.Record(SCHEMA);
    entry.put("commitTime", instant.time().value());
    entry.put("actionState", instant.state().name());
    entry.put("stateTransitionTime", stateTransitionTime);
    entry.put("actionType", instant.action().value());
    if (instant.isCompleted() && content.length == 0) {
      return entry; // createMetaWrapperForEmptyInstant
    }
    String what = instant.fileName();
    switch (instant.action()) {
      case CLEAN:
        if (instant.isCompleted()) {
          entry.put("hoodieCleanMetadata", avro(content, "hoodieCleanMetadata", what));
        } else {
          entry.put("hoodieCleanerPlan", avro(content, "hoodieCleanerPlan", what));
        }
        break;
      case COMMIT:
      case DELTA_COMMIT:
        entry.put("hoodieCommitMetadata", commitMetadata(content, "hoodieCommitMetadata", what));
        break;
      case REPLACE_COMMIT:
        if (instant.isCompleted()) {
          entry.put(
              "hoodieReplaceCommitMetadata",
              commitMetadata(content, "hoodieReplaceCommitMetadata", what));
        } else if (instant.state() == State.INFLIGHT) {
          if (content.length > 0) {
            entry.put(
                "HoodieInflightReplaceMetadata",
                commitMetadata(content, "HoodieInflightReplaceMetadata", what));
          }
        } else if (content.length > 0) {
          entry.put(
              "hoodieRequestedReplaceMetadata",
              avro(content, "hoodieRequestedReplaceMetadata", what));
        }
        break;
      case ROLLBACK:
        if (instant.isCompleted()) {
          entry.put("hoodieRollbackMetadata", avro(content, "hoodieRollbackMetadata", what));
        }
        break;
      case SAVEPOINT:
        entry.put("hoodieSavePointMetadata", avro(content, "hoodieSavePointMetadata", what));
        break;
      case COMPACTION:
      case LOG_COMPACTION:
        if (instant.state() == State.REQUESTED) {
          entry.put("hoodieCompactionPlan", avro(content, "hoodieCompactionPlan", what));
        }
        break;
      default:
        throw new HudiTableException(
            "Cannot archive "
                + what
                + ": Hudi 0.15 archives no "
                + instant.action().value()
                + " instants");
    }
    return entry;
  }

  /** The entry's nested schema of {@code field}, without its null branch. */
  static Schema fieldSchema(String field) {
    for (Schema branch : SCHEMA.getField(field).schema().getTypes()) {
      if (branch.getType() != Schema.Type.NULL) {
        return branch;
      }
    }
    throw new IllegalStateException(field);
  }

  private static GenericRecord avro(byte[] content, String field, String what) {
    Schema schema = fieldSchema(field);
    try (DataFileReader<GenericRecord> reader =
        new DataFileReader<>(
            new SeekableByteArrayInput(content), new GenericDatumReader<>(null, schema))) {
      if (!reader.hasNext()) {
        throw new HudiTableException("Cannot archive " + what + ": its Avro file holds no record");
      }
      return reader.next();
    } catch (IOException | RuntimeException e) {
      if (e instanceof HudiTableException) {
        throw (HudiTableException) e;
      }
      throw new HudiTableException(
          "Cannot archive "
              + what
              + ": it is not an Avro "
              + schema.getName()
              + " file: "
              + e.getMessage(),
          e);
    }
  }

  /**
   * JSON commit metadata (empty content = Hudi's empty {@code HoodieCommitMetadata}) to the Avro
   * record.
   */
  private static GenericRecord commitMetadata(byte[] content, String field, String what) {
    ObjectNode json;
    try {
      JsonNode parsed = content.length == 0 ? MAPPER.createObjectNode() : MAPPER.readTree(content);
      if (!(parsed instanceof ObjectNode)) {
        throw new HudiTableException(
            "Cannot archive " + what + ": its commit metadata is not a JSON object");
      }
      json = (ObjectNode) parsed;
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot archive " + what + ": its commit metadata is not JSON: " + e.getMessage(), e);
    }
    if (!json.has("partitionToWriteStats")) {
      json.putObject("partitionToWriteStats");
    }
    if (!json.has("extraMetadata") || json.get("extraMetadata").isNull()) {
      json.putObject("extraMetadata");
    }
    if (!json.has("operationType") || json.get("operationType").isNull()) {
      json.put("operationType", "UNKNOWN");
    }
    if (json.path("compacted").asBoolean(false)) {
      json.put("operationType", "COMPACT");
    }
    ((ObjectNode) json.get("extraMetadata")).put(ROLLING_STAT, "");
    return (GenericRecord) convert(json, fieldSchema(field), what);
  }

  /**
   * Jackson-style conversion by field name; a missing or null property becomes null where allowed.
   */
  private static Object convert(JsonNode node, Schema schema, String what) {
    switch (schema.getType()) {
      case UNION:
        if (node == null || node.isNull()) {
          for (Schema branch : schema.getTypes()) {
            if (branch.getType() == Schema.Type.NULL) {
              return null;
            }
          }
          throw new HudiTableException(
              "Cannot archive " + what + ": a value of type " + schema + " is missing");
        }
        for (Schema branch : schema.getTypes()) {
          if (branch.getType() != Schema.Type.NULL) {
            return convert(node, branch, what);
          }
        }
        return null;
      case RECORD:
        GenericRecord record = new GenericData.Record(schema);
        for (Schema.Field f : schema.getFields()) {
          record.put(f.pos(), convert(node.get(f.name()), f.schema(), what));
        }
        return record;
      case MAP:
        Map<String, Object> map = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
          Map.Entry<String, JsonNode> e = fields.next();
          map.put(e.getKey(), convert(e.getValue(), schema.getValueType(), what));
        }
        return map;
      case ARRAY:
        List<Object> list = new ArrayList<>();
        node.forEach(element -> list.add(convert(element, schema.getElementType(), what)));
        return list;
      case STRING:
        return node == null || node.isNull() ? null : node.asText();
      case LONG:
        return node == null || node.isNull() ? null : node.asLong();
      case INT:
        return node == null || node.isNull() ? null : node.asInt();
      case BOOLEAN:
        return node == null || node.isNull() ? null : node.asBoolean();
      case DOUBLE:
        return node == null || node.isNull() ? null : node.asDouble();
      default:
        throw new HudiTableException(
            "Cannot archive " + what + ": unexpected schema type " + schema.getType());
    }
  }

  private static Schema loadSchema() {
    try (InputStream in =
        ArchivedMetaEntries.class.getResourceAsStream("HoodieArchivedMetaEntry.avsc")) {
      if (in == null) {
        throw new IllegalStateException(
            "io/hudibeam/services/HoodieArchivedMetaEntry.avsc is missing from the class path");
      }
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
