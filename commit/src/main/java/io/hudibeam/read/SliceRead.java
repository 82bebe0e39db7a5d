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
package io.hudibeam.read;

import java.io.Serializable;
import java.util.List;

/**
 * One unit of a read: a file slice (its base file, if any, and its log files, in the order Hudi's
 * log reader takes them) and what to keep of its records. Plain names and instant times, so it
 * crosses a runner's shuffle as a few strings.
 *
 * @param partitionPath the slice's partition path ({@code ""} when the table is not partitioned)
 * @param fileId the slice's file group id
 * @param baseInstant the slice's base instant time
 * @param baseFileName the base file's name, or null for a slice of log files only
 * @param logFileNames the log files to merge (none for a read-optimized read), sorted as Hudi's
 *     {@code HoodieLogFile.getReverseLogFileComparator} reversed
 * @param sizeBytes the slice's bytes: base file plus log files (the read's size estimate)
 * @param commitTimes which record versions to keep, by {@code _hoodie_commit_time}
 * @param committed the instants whose log blocks count
 */
public record SliceRead(
    String partitionPath,
    String fileId,
    String baseInstant,
    String baseFileName,
    List<String> logFileNames,
    long sizeBytes,
    CommitTimeRange commitTimes,
    CommittedInstants committed)
    implements Serializable {

  public SliceRead {
    logFileNames = List.copyOf(logFileNames);
  }

  public boolean hasLogFiles() {
    return !logFileNames.isEmpty();
  }

  @Override
  public String toString() {
    return "file slice "
        + (partitionPath.isEmpty() ? "" : partitionPath + "/")
        + fileId
        + "@"
        + baseInstant
        + " ("
        + (baseFileName == null ? "no base file" : baseFileName)
        + ", "
        + logFileNames.size()
        + " log files)";
  }
}
