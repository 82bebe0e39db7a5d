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
package io.hudibeam.metadata;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of commit metadata in table version 6 (commit, deltacommit and replacecommit
 * instants, and the inflight workload profile).
 *
 * <p>Writing produces what Hudi's {@code HoodieCommitMetadata.toJsonString} produces: Jackson's
 * default pretty printer, fields in Hudi's declaration order, delta-write fields after the base
 * fields. Reading follows {@code HoodieCommitMetadata.fromBytes}: empty bytes give {@link
 * CommitMetadata#empty()}, unknown fields are ignored, missing numbers are 0, a missing operation
 * type is {@code UNKNOWN}; an unknown operation type name is an error, as in Jackson.
 */
public final class CommitMetadataJson {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonFactory FACTORY = MAPPER.getFactory();

  private CommitMetadataJson() {}

  public static byte[] toJson(CommitMetadata metadata) {
    return write(metadata, null);
  }

  /**
   * Replace-commit metadata; {@code partitionToReplaceFileIds} is always written ({@code {}} when
   * empty).
   */
  public static byte[] toJson(ReplaceCommitMetadata metadata) {
    return write(metadata.commitMetadata(), metadata.partitionToReplaceFileIds());
  }

  public static CommitMetadata fromJson(byte[] json) {
    return fromJson(json, "commit metadata");
  }

  /**
   * Parses commit metadata; {@code source} (e.g. the instant file name) names the bytes in error
   * messages.
   */
  public static CommitMetadata fromJson(byte[] json, String source) {
    if (json.length == 0) {
      return CommitMetadata.empty();
    }
    return readCommit(readRoot(json, source), source);
  }

  public static ReplaceCommitMetadata replaceFromJson(byte[] json) {
    return replaceFromJson(json, "replace commit metadata");
  }

  public static ReplaceCommitMetadata replaceFromJson(byte[] json, String source) {
    if (json.length == 0) {
      return ReplaceCommitMetadata.of(CommitMetadata.empty(), Map.of());
    }
    JsonNode root = readRoot(json, source);
    CommitMetadata commit = readCommit(root, source);
    Map<String, List<String>> replaced = new LinkedHashMap<>();
    JsonNode node = root.get("partitionToReplaceFileIds");
    if (node != null && !node.isNull()) {
      requireObject(node, "partitionToReplaceFileIds", source);
      node.fields()
          .forEachRemaining(
              e ->
                  replaced.put(
                      e.getKey(),
                      readStringList(
                          e.getValue(), "partitionToReplaceFileIds[" + e.getKey() + "]", source)));
    }
    return ReplaceCommitMetadata.of(commit, replaced);
  }

  // ---- writing

  private static byte[] write(CommitMetadata metadata, Map<String, List<String>> replaced) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      // Jackson's default pretty printer, as Hudi's JsonUtils uses, with a fixed line feed.
      DefaultPrettyPrinter printer = new DefaultPrettyPrinter();
      printer.indentObjectsWith(new DefaultIndenter("  ", "\n"));
      g.setPrettyPrinter(printer);
      g.writeStartObject();
      g.writeObjectFieldStart("partitionToWriteStats");
      for (Map.Entry<String, List<WriteStat>> e : metadata.partitionToWriteStats().entrySet()) {
        g.writeArrayFieldStart(e.getKey());
        for (WriteStat stat : e.getValue()) {
          writeStat(g, stat);
        }
        g.writeEndArray();
      }
      g.writeEndObject();
      g.writeBooleanField("compacted", metadata.compacted());
      g.writeObjectFieldStart("extraMetadata");
      for (Map.Entry<String, String> e : metadata.extraMetadata().entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
      g.writeStringField("operationType", metadata.operationType().format());
      if (replaced != null) {
        g.writeObjectFieldStart("partitionToReplaceFileIds");
        for (Map.Entry<String, List<String>> e : replaced.entrySet()) {
          g.writeArrayFieldStart(e.getKey());
          for (String fileId : e.getValue()) {
            g.writeString(fileId);
          }
          g.writeEndArray();
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write commit metadata JSON", e);
    }
    return out.toByteArray();
  }

  private static void writeStat(JsonGenerator g, WriteStat s) throws IOException {
    g.writeStartObject();
    writeNullableString(g, "fileId", s.fileId());
    writeNullableString(g, "path", s.path());
    if (s.cdcStats() == null) {
      g.writeNullField("cdcStats");
    } else {
      g.writeObjectFieldStart("cdcStats");
      for (Map.Entry<String, Long> e : s.cdcStats().entrySet()) {
        g.writeNumberField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
    }
    writeNullableString(g, "prevCommit", s.prevCommit());
    g.writeNumberField("numWrites", s.numWrites());
    g.writeNumberField("numDeletes", s.numDeletes());
    g.writeNumberField("numUpdateWrites", s.numUpdateWrites());
    g.writeNumberField("numInserts", s.numInserts());
    g.writeNumberField("totalWriteBytes", s.totalWriteBytes());
    g.writeNumberField("totalWriteErrors", s.totalWriteErrors());
    writeNullableString(g, "tempPath", s.tempPath());
    writeNullableString(g, "partitionPath", s.partitionPath());
    g.writeNumberField("totalLogRecords", s.totalLogRecords());
    g.writeNumberField("totalLogFilesCompacted", s.totalLogFilesCompacted());
    g.writeNumberField("totalLogSizeCompacted", s.totalLogSizeCompacted());
    g.writeNumberField("totalUpdatedRecordsCompacted", s.totalUpdatedRecordsCompacted());
    g.writeNumberField("totalLogBlocks", s.totalLogBlocks());
    g.writeNumberField("totalCorruptLogBlock", s.totalCorruptLogBlock());
    g.writeNumberField("totalRollbackBlocks", s.totalRollbackBlocks());
    g.writeNumberField("fileSizeInBytes", s.fileSizeInBytes());
    writeNullableLong(g, "minEventTime", s.minEventTime());
    writeNullableLong(g, "maxEventTime", s.maxEventTime());
    WriteStat.RuntimeStats rt = s.runtimeStats();
    if (rt == null) {
      g.writeNullField("runtimeStats");
    } else {
      g.writeObjectFieldStart("runtimeStats");
      g.writeNumberField("totalScanTime", rt.totalScanTime());
      g.writeNumberField("totalUpsertTime", rt.totalUpsertTime());
      g.writeNumberField("totalCreateTime", rt.totalCreateTime());
      g.writeEndObject();
    }
    if (s.logAppend().isPresent()) {
      // HoodieDeltaWriteStat's own fields; its Option-typed recordsStats is left out.
      WriteStat.LogAppendStats d = s.logAppend().get();
      g.writeNumberField("logVersion", d.logVersion());
      g.writeNumberField("logOffset", d.logOffset());
      writeNullableString(g, "baseFile", d.baseFile());
      g.writeArrayFieldStart("logFiles");
      for (String logFile : d.logFiles()) {
        g.writeString(logFile);
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }

  private static void writeNullableString(JsonGenerator g, String field, String value)
      throws IOException {
    if (value == null) {
      g.writeNullField(field);
    } else {
      g.writeStringField(field, value);
    }
  }

  private static void writeNullableLong(JsonGenerator g, String field, Long value)
      throws IOException {
    if (value == null) {
      g.writeNullField(field);
    } else {
      g.writeNumberField(field, value);
    }
  }

  // ---- reading

  private static JsonNode readRoot(byte[] json, String source) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new InvalidMetadataException(
          "Cannot parse " + source + " as JSON commit metadata: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (root == null || root.isMissingNode()) {
      throw new InvalidMetadataException(
          "Cannot parse " + source + " as JSON commit metadata: no content");
    }
    requireObject(root, "commit metadata", source);
    return root;
  }

  private static CommitMetadata readCommit(JsonNode root, String source) {
    CommitMetadata.Builder b = CommitMetadata.builder();
    JsonNode stats = root.get("partitionToWriteStats");
    if (stats != null && !stats.isNull()) {
      requireObject(stats, "partitionToWriteStats", source);
      for (Iterator<Map.Entry<String, JsonNode>> it = stats.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        String partition = e.getKey();
        b.addPartition(partition);
        JsonNode list = e.getValue();
        if (list.isNull()) {
          continue;
        }
        String where = "partitionToWriteStats[" + partition + "]";
        if (!list.isArray()) {
          throw unexpected(where, "an array of write stats", list, source);
        }
        for (int i = 0; i < list.size(); i++) {
          b.addWriteStat(partition, readStat(list.get(i), where + "[" + i + "]", source));
        }
      }
    }
    JsonNode compacted = root.get("compacted");
    if (compacted != null && !compacted.isNull()) {
      if (compacted.isBoolean()) {
        b.compacted(compacted.booleanValue());
      } else if (compacted.isTextual()
          && (compacted.textValue().equals("true") || compacted.textValue().equals("false"))) {
        b.compacted(Boolean.parseBoolean(compacted.textValue()));
      } else {
        throw unexpected("compacted", "a boolean", compacted, source);
      }
    }
    JsonNode extra = root.get("extraMetadata");
    if (extra != null && !extra.isNull()) {
      requireObject(extra, "extraMetadata", source);
      extra
          .fields()
          .forEachRemaining(
              e -> {
                String value =
                    readString(e.getValue(), "extraMetadata[" + e.getKey() + "]", source);
                if (value != null) {
                  b.putExtraMetadata(e.getKey(), value);
                }
              });
    }
    JsonNode op = root.get("operationType");
    if (op != null && !op.isNull()) {
      if (!op.isTextual()) {
        throw unexpected("operationType", "a string", op, source);
      }
      try {
        b.operationType(OperationType.parse(op.textValue()));
      } catch (InvalidMetadataException e) {
        throw new InvalidMetadataException("Cannot parse " + source + ": " + e.getMessage(), e);
      }
    }
    return b.build();
  }

  private static WriteStat readStat(JsonNode n, String where, String source) {
    if (!n.isObject()) {
      throw unexpected(where, "a write stat object", n, source);
    }
    WriteStat.Builder b =
        WriteStat.builder()
            .fileId(readString(n.get("fileId"), where + ".fileId", source))
            .path(readString(n.get("path"), where + ".path", source))
            .prevCommit(readString(n.get("prevCommit"), where + ".prevCommit", source))
            .numWrites(readLong(n.get("numWrites"), where + ".numWrites", source))
            .numDeletes(readLong(n.get("numDeletes"), where + ".numDeletes", source))
            .numUpdateWrites(readLong(n.get("numUpdateWrites"), where + ".numUpdateWrites", source))
            .numInserts(readLong(n.get("numInserts"), where + ".numInserts", source))
            .totalWriteBytes(readLong(n.get("totalWriteBytes"), where + ".totalWriteBytes", source))
            .totalWriteErrors(
                readLong(n.get("totalWriteErrors"), where + ".totalWriteErrors", source))
            .tempPath(readString(n.get("tempPath"), where + ".tempPath", source))
            .partitionPath(readString(n.get("partitionPath"), where + ".partitionPath", source))
            .totalLogRecords(readLong(n.get("totalLogRecords"), where + ".totalLogRecords", source))
            .totalLogFilesCompacted(
                readLong(
                    n.get("totalLogFilesCompacted"), where + ".totalLogFilesCompacted", source))
            .totalLogSizeCompacted(
                readLong(n.get("totalLogSizeCompacted"), where + ".totalLogSizeCompacted", source))
            .totalUpdatedRecordsCompacted(
                readLong(
                    n.get("totalUpdatedRecordsCompacted"),
                    where + ".totalUpdatedRecordsCompacted",
                    source))
            .totalLogBlocks(readLong(n.get("totalLogBlocks"), where + ".totalLogBlocks", source))
            .totalCorruptLogBlock(
                readLong(n.get("totalCorruptLogBlock"), where + ".totalCorruptLogBlock", source))
            .totalRollbackBlocks(
                readLong(n.get("totalRollbackBlocks"), where + ".totalRollbackBlocks", source))
            .fileSizeInBytes(readLong(n.get("fileSizeInBytes"), where + ".fileSizeInBytes", source))
            .minEventTime(readNullableLong(n.get("minEventTime"), where + ".minEventTime", source))
            .maxEventTime(readNullableLong(n.get("maxEventTime"), where + ".maxEventTime", source));
    JsonNode cdc = n.get("cdcStats");
    if (cdc != null && !cdc.isNull()) {
      requireObject(cdc, where + ".cdcStats", source);
      Map<String, Long> cdcStats = new LinkedHashMap<>();
      cdc.fields()
          .forEachRemaining(
              e ->
                  cdcStats.put(
                      e.getKey(),
                      readNullableLong(
                          e.getValue(), where + ".cdcStats[" + e.getKey() + "]", source)));
      b.cdcStats(cdcStats);
    }
    JsonNode rt = n.get("runtimeStats");
    if (rt != null && !rt.isNull()) {
      requireObject(rt, where + ".runtimeStats", source);
      b.runtimeStats(
          new WriteStat.RuntimeStats(
              readLong(rt.get("totalScanTime"), where + ".runtimeStats.totalScanTime", source),
              readLong(rt.get("totalUpsertTime"), where + ".runtimeStats.totalUpsertTime", source),
              readLong(
                  rt.get("totalCreateTime"), where + ".runtimeStats.totalCreateTime", source)));
    }
    if (n.has("logVersion") || n.has("logOffset") || n.has("baseFile") || n.has("logFiles")) {
      JsonNode logFiles = n.get("logFiles");
      b.logAppend(
          new WriteStat.LogAppendStats(
              (int) readLong(n.get("logVersion"), where + ".logVersion", source),
              readLong(n.get("logOffset"), where + ".logOffset", source),
              readString(n.get("baseFile"), where + ".baseFile", source),
              logFiles == null || logFiles.isNull()
                  ? List.of()
                  : readStringList(logFiles, where + ".logFiles", source)));
    }
    return b.build();
  }

  private static String readString(JsonNode n, String where, String source) {
    if (n == null || n.isNull()) {
      return null;
    }
    if (!n.isValueNode()) {
      throw unexpected(where, "a string", n, source);
    }
    return n.asText();
  }

  private static long readLong(JsonNode n, String where, String source) {
    Long value = readNullableLong(n, where, source);
    return value == null ? 0L : value;
  }

  private static Long readNullableLong(JsonNode n, String where, String source) {
    if (n == null || n.isNull()) {
      return null;
    }
    if (n.isIntegralNumber() && n.canConvertToLong()) {
      return n.longValue();
    }
    if (n.isTextual()) {
      try {
        return Long.parseLong(n.textValue().trim());
      } catch (NumberFormatException e) {
        throw unexpected(where, "a whole number", n, source);
      }
    }
    throw unexpected(where, "a whole number", n, source);
  }

  private static List<String> readStringList(JsonNode n, String where, String source) {
    if (!n.isArray()) {
      throw unexpected(where, "an array of strings", n, source);
    }
    List<String> values = new ArrayList<>(n.size());
    for (int i = 0; i < n.size(); i++) {
      String value = readString(n.get(i), where + "[" + i + "]", source);
      if (value == null) {
        throw unexpected(where + "[" + i + "]", "a string", n.get(i), source);
      }
      values.add(value);
    }
    return values;
  }

  private static void requireObject(JsonNode n, String where, String source) {
    if (!n.isObject()) {
      throw unexpected(where, "a JSON object", n, source);
    }
  }

  private static InvalidMetadataException unexpected(
      String where, String expected, JsonNode actual, String source) {
    String shown = actual.toString();
    if (shown.length() > 80) {
      shown = shown.substring(0, 77) + "...";
    }
    return new InvalidMetadataException(
        "Cannot parse " + source + ": " + where + " must be " + expected + " but was " + shown);
  }
}
