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

import java.util.List;
import java.util.Objects;

/**
 * The planned writes of one partition path, as recorded in a commit's inflight workload profile
 * ({@link CommitMetadata#workloadProfile}).
 *
 * @param numInserts records planned for insert into the partition
 * @param fileGroups the file groups planned to receive updates or inserts
 */
public record PartitionWorkload(long numInserts, List<FileGroupWorkload> fileGroups) {
  public PartitionWorkload {
    fileGroups = List.copyOf(fileGroups);
  }

  /**
   * Planned writes to one file group.
   *
   * @param prevCommit instant of the file group's current base file ({@link WriteStat#NULL_COMMIT}
   *     for a new one)
   */
  public record FileGroupWorkload(
      String fileId, String prevCommit, long numUpdates, long numInserts) {
    public FileGroupWorkload {
      Objects.requireNonNull(fileId, "fileId");
      Objects.requireNonNull(prevCommit, "prevCommit");
    }
  }
}
