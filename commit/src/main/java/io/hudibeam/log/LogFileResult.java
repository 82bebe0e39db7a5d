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
package io.hudibeam.log;

import java.util.Objects;
import org.apache.hadoop.fs.Path;

/**
 * What a closed {@link LogFileWriter} wrote: the file, its size, and its block, record and delete
 * counts.
 *
 * @param path the log file
 * @param fileSizeBytes its size after the last block
 * @param blockCount the blocks written
 * @param recordCount the records of its data blocks
 * @param deleteCount the keys of its delete blocks
 */
public record LogFileResult(
    Path path, long fileSizeBytes, int blockCount, long recordCount, long deleteCount) {
  public LogFileResult {
    Objects.requireNonNull(path, "path");
  }

  public String fileName() {
    return path.getName();
  }

  @Override
  public String toString() {
    return "LogFileResult{path="
        + path
        + ", fileSizeBytes="
        + fileSizeBytes
        + ", blocks="
        + blockCount
        + ", records="
        + recordCount
        + ", deletes="
        + deleteCount
        + "}";
  }
}
