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
package io.hudibeam.timeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hudibeam.table.HudiTableException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One version of the LSM history's manifest ({@code manifest_<N>}): the Parquet files that make up
 * the history, with their lengths. Hudi 1.0's {@code HoodieLSMTimelineManifest}, serialized as its
 * {@code toJsonString} does (Jackson's default pretty printer): {@code {"files" : [ {"fileName" :
 * ..., "fileLen" : ...} ]}}.
 */
public record HistoryManifest(List<FileEntry> files) {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** A file of the history and its length in bytes ({@code LSMFileEntry}). */
  public record FileEntry(String fileName, long fileLen) {}

  public HistoryManifest {
    files = List.copyOf(files);
  }

  public static HistoryManifest empty() {
    return new HistoryManifest(List.of());
  }

  public List<String> fileNames() {
    return files.stream().map(FileEntry::fileName).collect(Collectors.toList());
  }

  public boolean contains(String fileName) {
    return files.stream().anyMatch(f -> f.fileName().equals(fileName));
  }

  /** This manifest without {@code removed} and with {@code added} last ({@code copy, addFile}). */
  public HistoryManifest replace(Collection<String> removed, FileEntry added) {
    List<FileEntry> next = new ArrayList<>();
    for (FileEntry f : files) {
      if (!removed.contains(f.fileName())) {
        next.add(f);
      }
    }
    next.add(added);
    return new HistoryManifest(next);
  }

  public String toJson() {
    ObjectNode root = MAPPER.createObjectNode();
    ArrayNode array = root.putArray("files");
    for (FileEntry f : files) {
      array.addObject().put("fileName", f.fileName()).put("fileLen", f.fileLen());
    }
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new HudiTableException("Cannot serialize the LSM history manifest", e);
    }
  }

  public static HistoryManifest fromJson(String json) {
    try {
      JsonNode root = MAPPER.readTree(json);
      List<FileEntry> files = new ArrayList<>();
      JsonNode array = root == null ? null : root.get("files");
      if (array != null) {
        for (JsonNode f : array) {
          files.add(new FileEntry(f.get("fileName").asText(), f.get("fileLen").asLong()));
        }
      }
      return new HistoryManifest(files);
    } catch (JsonProcessingException | RuntimeException e) {
      throw new HudiTableException("Cannot parse the LSM history manifest: " + json, e);
    }
  }
}
