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

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The content of a completed replacecommit (Hudi's {@code HoodieReplaceCommitMetadata}): commit
 * metadata plus the file groups this commit replaces, per partition path. Readers drop replaced
 * file groups from their view.
 */
public final class ReplaceCommitMetadata {

  private final CommitMetadata commitMetadata;
  private final Map<String, List<String>> partitionToReplaceFileIds;

  private ReplaceCommitMetadata(
      CommitMetadata commitMetadata, Map<String, List<String>> partitionToReplaceFileIds) {
    this.commitMetadata = Objects.requireNonNull(commitMetadata, "commitMetadata");
    Map<String, List<String>> copy = new LinkedHashMap<>();
    partitionToReplaceFileIds.forEach(
        (p, ids) -> copy.put(Objects.requireNonNull(p), List.copyOf(ids)));
    this.partitionToReplaceFileIds = Collections.unmodifiableMap(copy);
  }

  public static ReplaceCommitMetadata of(
      CommitMetadata commitMetadata, Map<String, List<String>> partitionToReplaceFileIds) {
    return new ReplaceCommitMetadata(commitMetadata, partitionToReplaceFileIds);
  }

  public CommitMetadata commitMetadata() {
    return commitMetadata;
  }

  /**
   * Partition path to the ids of the file groups replaced there; empty when nothing is replaced.
   */
  public Map<String, List<String>> partitionToReplaceFileIds() {
    return partitionToReplaceFileIds;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ReplaceCommitMetadata
        && commitMetadata.equals(((ReplaceCommitMetadata) o).commitMetadata)
        && partitionToReplaceFileIds.equals(((ReplaceCommitMetadata) o).partitionToReplaceFileIds);
  }

  @Override
  public int hashCode() {
    return Objects.hash(commitMetadata, partitionToReplaceFileIds);
  }

  @Override
  public String toString() {
    return "ReplaceCommitMetadata{"
        + commitMetadata
        + ", partitionToReplaceFileIds="
        + partitionToReplaceFileIds
        + "}";
  }
}
