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

import io.hudibeam.timeline.TimelineLayout;
import java.util.Map;

/**
 * Commit metadata (commit, deltacommit, replacecommit; inflight and completed) in the form of the
 * table's timeline layout: JSON in layout 1 (table version 6, {@link CommitMetadataJson}), an Avro
 * container in layout 2 (table version 8, {@link CommitMetadataAvro}). Reading recognises either
 * form by its first bytes (an Avro container starts with {@code Obj} and byte 1), as a version 8
 * table may hold legacy JSON instants written before an upgrade; empty bytes are empty metadata.
 */
public final class CommitMetadataFormat {
  private static final byte[] AVRO_MAGIC = {'O', 'b', 'j', 1};

  private CommitMetadataFormat() {}

  public static byte[] encode(TimelineLayout layout, CommitMetadata metadata) {
    return layout.avroCommitMetadata()
        ? CommitMetadataAvro.write(metadata)
        : CommitMetadataJson.toJson(metadata);
  }

  public static byte[] encode(TimelineLayout layout, ReplaceCommitMetadata metadata) {
    return layout.avroCommitMetadata()
        ? CommitMetadataAvro.write(metadata)
        : CommitMetadataJson.toJson(metadata);
  }

  /**
   * Reads commit metadata in either form; {@code source} (e.g. the instant file) names the bytes in
   * error messages.
   */
  public static CommitMetadata decode(byte[] bytes, String source) {
    if (bytes.length == 0) {
      return CommitMetadata.empty();
    }
    return isAvro(bytes)
        ? CommitMetadataAvro.read(bytes, source)
        : CommitMetadataJson.fromJson(bytes, source);
  }

  /** Reads replace-commit metadata in either form. */
  public static ReplaceCommitMetadata decodeReplace(byte[] bytes, String source) {
    if (bytes.length == 0) {
      return ReplaceCommitMetadata.of(CommitMetadata.empty(), Map.of());
    }
    return isAvro(bytes)
        ? CommitMetadataAvro.readReplace(bytes, source)
        : CommitMetadataJson.replaceFromJson(bytes, source);
  }

  /** Whether the bytes are an Avro object-container file. */
  public static boolean isAvro(byte[] bytes) {
    if (bytes.length < AVRO_MAGIC.length) {
      return false;
    }
    for (int i = 0; i < AVRO_MAGIC.length; i++) {
      if (bytes[i] != AVRO_MAGIC[i]) {
        return false;
      }
    }
    return true;
  }
}
