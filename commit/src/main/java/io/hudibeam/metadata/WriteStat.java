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

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one write did to one file of a file group in one instant: Hudi's {@code HoodieWriteStat},
 * and, when {@link #logAppend()} is present, its merge-on-read form {@code HoodieDeltaWriteStat}.
 *
 * <p>Fields that Hudi serialises as JSON {@code null} are nullable here ({@code fileId}, {@code
 * path}, {@code cdcStats}, {@code prevCommit}, {@code tempPath}, {@code partitionPath}, {@code
 * minEventTime}, {@code maxEventTime}, {@code runtimeStats}); a completed commit has fileId, path,
 * prevCommit and partitionPath set, the inflight workload profile leaves path and partitionPath
 * null.
 *
 * @param fileId file group id; {@code ""} for the per-partition insert entry of a workload profile
 * @param path file path relative to the table base path, e.g. {@code city=x/<base file name>}
 * @param prevCommit instant of the file group's previous base file, or {@link #NULL_COMMIT} for a
 *     new file group
 * @param partitionPath relative partition path, {@code ""} for a non-partitioned table
 * @param fileSizeInBytes size of the file after the write; readers build file statuses from it, so
 *     it must be exact
 * @param logAppend the delta write fields, present for appends to merge-on-read log files
 */
public record WriteStat(
    String fileId,
    String path,
    Map<String, Long> cdcStats,
    String prevCommit,
    long numWrites,
    long numDeletes,
    long numUpdateWrites,
    long numInserts,
    long totalWriteBytes,
    long totalWriteErrors,
    String tempPath,
    String partitionPath,
    long totalLogRecords,
    long totalLogFilesCompacted,
    long totalLogSizeCompacted,
    long totalUpdatedRecordsCompacted,
    long totalLogBlocks,
    long totalCorruptLogBlock,
    long totalRollbackBlocks,
    long fileSizeInBytes,
    Long minEventTime,
    Long maxEventTime,
    RuntimeStats runtimeStats,
    Optional<LogAppendStats> logAppend) {

  /**
   * {@code prevCommit} of a write that created a new file group (Hudi's {@code
   * HoodieWriteStat.NULL_COMMIT}).
   */
  public static final String NULL_COMMIT = "null";

  /** Time spent by the write handle, in milliseconds ({@code HoodieWriteStat.RuntimeStats}). */
  public record RuntimeStats(long totalScanTime, long totalUpsertTime, long totalCreateTime) {}

  /**
   * The {@code HoodieDeltaWriteStat} fields of an append to a log file.
   *
   * @param logVersion version of the log file written
   * @param logOffset byte offset in the log file where this instant's blocks start
   * @param baseFile base file name of the file slice, or {@code ""} when the slice has none
   * @param logFiles log file names of the slice known to the write, including the one written
   */
  public record LogAppendStats(
      int logVersion, long logOffset, String baseFile, List<String> logFiles) {
    public LogAppendStats {
      logFiles = List.copyOf(logFiles);
    }
  }

  public WriteStat {
    cdcStats = cdcStats == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(cdcStats));
    Objects.requireNonNull(logAppend, "logAppend");
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  @Override
  public String toString() {
    return "WriteStat{fileId="
        + fileId
        + ", path="
        + path
        + ", prevCommit="
        + prevCommit
        + ", partitionPath="
        + partitionPath
        + ", numWrites="
        + numWrites
        + ", numInserts="
        + numInserts
        + ", numUpdateWrites="
        + numUpdateWrites
        + ", numDeletes="
        + numDeletes
        + ", fileSizeInBytes="
        + fileSizeInBytes
        + ", totalWriteBytes="
        + totalWriteBytes
        + logAppend.map(a -> ", logAppend=" + a).orElse("")
        + "}";
  }

  /** Builds a {@link WriteStat}; unset strings stay null and unset counts 0, as in Hudi's POJO. */
  public static final class Builder {
    private String fileId;
    private String path;
    private Map<String, Long> cdcStats;
    private String prevCommit;
    private long numWrites;
    private long numDeletes;
    private long numUpdateWrites;
    private long numInserts;
    private long totalWriteBytes;
    private long totalWriteErrors;
    private String tempPath;
    private String partitionPath;
    private long totalLogRecords;
    private long totalLogFilesCompacted;
    private long totalLogSizeCompacted;
    private long totalUpdatedRecordsCompacted;
    private long totalLogBlocks;
    private long totalCorruptLogBlock;
    private long totalRollbackBlocks;
    private long fileSizeInBytes;
    private Long minEventTime;
    private Long maxEventTime;
    private RuntimeStats runtimeStats;
    private LogAppendStats logAppend;

    private Builder() {}

    private Builder(WriteStat s) {
      fileId = s.fileId;
      path = s.path;
      cdcStats = s.cdcStats;
      prevCommit = s.prevCommit;
      numWrites = s.numWrites;
      numDeletes = s.numDeletes;
      numUpdateWrites = s.numUpdateWrites;
      numInserts = s.numInserts;
      totalWriteBytes = s.totalWriteBytes;
      totalWriteErrors = s.totalWriteErrors;
      tempPath = s.tempPath;
      partitionPath = s.partitionPath;
      totalLogRecords = s.totalLogRecords;
      totalLogFilesCompacted = s.totalLogFilesCompacted;
      totalLogSizeCompacted = s.totalLogSizeCompacted;
      totalUpdatedRecordsCompacted = s.totalUpdatedRecordsCompacted;
      totalLogBlocks = s.totalLogBlocks;
      totalCorruptLogBlock = s.totalCorruptLogBlock;
      totalRollbackBlocks = s.totalRollbackBlocks;
      fileSizeInBytes = s.fileSizeInBytes;
      minEventTime = s.minEventTime;
      maxEventTime = s.maxEventTime;
      runtimeStats = s.runtimeStats;
      logAppend = s.logAppend.orElse(null);
    }

    public Builder fileId(String v) {
      fileId = v;
      return this;
    }

    public Builder path(String v) {
      path = v;
      return this;
    }

    public Builder cdcStats(Map<String, Long> v) {
      cdcStats = v;
      return this;
    }

    public Builder prevCommit(String v) {
      prevCommit = v;
      return this;
    }

    public Builder numWrites(long v) {
      numWrites = v;
      return this;
    }

    public Builder numDeletes(long v) {
      numDeletes = v;
      return this;
    }

    public Builder numUpdateWrites(long v) {
      numUpdateWrites = v;
      return this;
    }

    public Builder numInserts(long v) {
      numInserts = v;
      return this;
    }

    public Builder totalWriteBytes(long v) {
      totalWriteBytes = v;
      return this;
    }

    public Builder totalWriteErrors(long v) {
      totalWriteErrors = v;
      return this;
    }

    public Builder tempPath(String v) {
      tempPath = v;
      return this;
    }

    public Builder partitionPath(String v) {
      partitionPath = v;
      return this;
    }

    public Builder totalLogRecords(long v) {
      totalLogRecords = v;
      return this;
    }

    public Builder totalLogFilesCompacted(long v) {
      totalLogFilesCompacted = v;
      return this;
    }

    public Builder totalLogSizeCompacted(long v) {
      totalLogSizeCompacted = v;
      return this;
    }

    public Builder totalUpdatedRecordsCompacted(long v) {
      totalUpdatedRecordsCompacted = v;
      return this;
    }

    public Builder totalLogBlocks(long v) {
      totalLogBlocks = v;
      return this;
    }

    public Builder totalCorruptLogBlock(long v) {
      totalCorruptLogBlock = v;
      return this;
    }

    public Builder totalRollbackBlocks(long v) {
      totalRollbackBlocks = v;
      return this;
    }

    public Builder fileSizeInBytes(long v) {
      fileSizeInBytes = v;
      return this;
    }

    public Builder minEventTime(Long v) {
      minEventTime = v;
      return this;
    }

    public Builder maxEventTime(Long v) {
      maxEventTime = v;
      return this;
    }

    public Builder runtimeStats(RuntimeStats v) {
      runtimeStats = v;
      return this;
    }

    public Builder logAppend(LogAppendStats v) {
      logAppend = v;
      return this;
    }

    public WriteStat build() {
      return new WriteStat(
          fileId,
          path,
          cdcStats,
          prevCommit,
          numWrites,
          numDeletes,
          numUpdateWrites,
          numInserts,
          totalWriteBytes,
          totalWriteErrors,
          tempPath,
          partitionPath,
          totalLogRecords,
          totalLogFilesCompacted,
          totalLogSizeCompacted,
          totalUpdatedRecordsCompacted,
          totalLogBlocks,
          totalCorruptLogBlock,
          totalRollbackBlocks,
          fileSizeInBytes,
          minEventTime,
          maxEventTime,
          runtimeStats,
          Optional.ofNullable(logAppend));
    }
  }

  static List<WriteStat> copyOf(List<WriteStat> stats, String partition) {
    List<WriteStat> copy = new ArrayList<>(stats.size());
    for (WriteStat stat : stats) {
      if (stat == null) {
        throw new InvalidMetadataException("Null write stat in partition '" + partition + "'");
      }
      copy.add(stat);
    }
    return Collections.unmodifiableList(copy);
  }
}
