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
package io.hudibeam.files;

import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A file slice: the base file (if any) written at a base instant and the log files appended to it,
 * in slice order.
 */
public final class FileSlice implements Serializable {
  private static final long serialVersionUID = 1L;

  private final FileGroupId fileGroupId;
  private final InstantTime baseInstant;
  private final BaseFile baseFile;
  private final List<LogFileName> logFiles;

  private FileSlice(
      FileGroupId fileGroupId,
      InstantTime baseInstant,
      BaseFile baseFile,
      List<LogFileName> logFiles) {
    this.fileGroupId = Objects.requireNonNull(fileGroupId);
    this.baseInstant = Objects.requireNonNull(baseInstant);
    this.baseFile = baseFile;
    List<LogFileName> sorted = new ArrayList<>(logFiles);
    Collections.sort(sorted);
    this.logFiles = Collections.unmodifiableList(sorted);
  }

  public static FileSlice of(
      FileGroupId fileGroupId,
      InstantTime baseInstant,
      Optional<BaseFile> baseFile,
      List<LogFileName> logFiles) {
    return new FileSlice(fileGroupId, baseInstant, baseFile.orElse(null), logFiles);
  }

  public FileGroupId fileGroupId() {
    return fileGroupId;
  }

  public InstantTime baseInstant() {
    return baseInstant;
  }

  public Optional<BaseFile> baseFile() {
    return Optional.ofNullable(baseFile);
  }

  public List<LogFileName> logFiles() {
    return logFiles;
  }

  /** Whether the slice is a base file alone (no log files yet). */
  public boolean isBaseOnly() {
    return baseFile != null && logFiles.isEmpty();
  }

  /**
   * The version of the next log file of this slice: one more than the highest version among its log
   * files (committed or not, so a new file never takes an existing name), 1 for the first (Hudi's
   * {@code HoodieLogFile.LOGFILE_BASE_VERSION}, {@code FSUtils.makeLogFileName}).
   */
  public int nextLogVersion() {
    int max = 0;
    for (LogFileName log : logFiles) {
      max = Math.max(max, log.version());
    }
    return max + 1;
  }

  /** The name of a new log file of this slice with the next version and the given write token. */
  public LogFileName nextLogFile(WriteToken writeToken) {
    return LogFileName.of(fileGroupId.fileId(), baseInstant, nextLogVersion(), writeToken);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof FileSlice)) {
      return false;
    }
    FileSlice other = (FileSlice) o;
    return fileGroupId.equals(other.fileGroupId)
        && baseInstant.equals(other.baseInstant)
        && Objects.equals(baseFile, other.baseFile)
        && logFiles.equals(other.logFiles);
  }

  @Override
  public int hashCode() {
    return Objects.hash(fileGroupId, baseInstant, baseFile, logFiles);
  }

  @Override
  public String toString() {
    return "FileSlice{"
        + fileGroupId
        + "@"
        + baseInstant
        + ", base="
        + baseFile
        + ", logs="
        + logFiles
        + "}";
  }
}
