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
 */
public final class WriteStat {

  /** {@code prevCommit} of a write that created a new file group (Hudi's {@code HoodieWriteStat.NULL_COMMIT}). */
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
  public record LogAppendStats(int logVersion, long logOffset, String baseFile, List<String> logFiles) {
    public LogAppendStats {
      logFiles = List.copyOf(logFiles);
    }
  }

  private final String fileId;
  private final String path;
  private final Map<String, Long> cdcStats;
  private final String prevCommit;
  private final long numWrites;
  private final long numDeletes;
  private final long numUpdateWrites;
  private final long numInserts;
  private final long totalWriteBytes;
  private final long totalWriteErrors;
  private final String tempPath;
  private final String partitionPath;
  private final long totalLogRecords;
  private final long totalLogFilesCompacted;
  private final long totalLogSizeCompacted;
  private final long totalUpdatedRecordsCompacted;
  private final long totalLogBlocks;
  private final long totalCorruptLogBlock;
  private final long totalRollbackBlocks;
  private final long fileSizeInBytes;
  private final Long minEventTime;
  private final Long maxEventTime;
  private final RuntimeStats runtimeStats;
  private final LogAppendStats logAppend;

  private WriteStat(Builder b) {
    this.fileId = b.fileId;
    this.path = b.path;
    this.cdcStats =
        b.cdcStats == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(b.cdcStats));
    this.prevCommit = b.prevCommit;
    this.numWrites = b.numWrites;
    this.numDeletes = b.numDeletes;
    this.numUpdateWrites = b.numUpdateWrites;
    this.numInserts = b.numInserts;
    this.totalWriteBytes = b.totalWriteBytes;
    this.totalWriteErrors = b.totalWriteErrors;
    this.tempPath = b.tempPath;
    this.partitionPath = b.partitionPath;
    this.totalLogRecords = b.totalLogRecords;
    this.totalLogFilesCompacted = b.totalLogFilesCompacted;
    this.totalLogSizeCompacted = b.totalLogSizeCompacted;
    this.totalUpdatedRecordsCompacted = b.totalUpdatedRecordsCompacted;
    this.totalLogBlocks = b.totalLogBlocks;
    this.totalCorruptLogBlock = b.totalCorruptLogBlock;
    this.totalRollbackBlocks = b.totalRollbackBlocks;
    this.fileSizeInBytes = b.fileSizeInBytes;
    this.minEventTime = b.minEventTime;
    this.maxEventTime = b.maxEventTime;
    this.runtimeStats = b.runtimeStats;
    this.logAppend = b.logAppend;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /** File group id; {@code ""} for the per-partition insert entry of a workload profile. */
  public String fileId() {
    return fileId;
  }

  /** File path relative to the table base path, e.g. {@code city=x/<base file name>}. */
  public String path() {
    return path;
  }

  public Map<String, Long> cdcStats() {
    return cdcStats;
  }

  /** Instant of the file group's previous base file, or {@link #NULL_COMMIT} for a new file group. */
  public String prevCommit() {
    return prevCommit;
  }

  public long numWrites() {
    return numWrites;
  }

  public long numDeletes() {
    return numDeletes;
  }

  public long numUpdateWrites() {
    return numUpdateWrites;
  }

  public long numInserts() {
    return numInserts;
  }

  public long totalWriteBytes() {
    return totalWriteBytes;
  }

  public long totalWriteErrors() {
    return totalWriteErrors;
  }

  public String tempPath() {
    return tempPath;
  }

  /** Relative partition path, {@code ""} for a non-partitioned table. */
  public String partitionPath() {
    return partitionPath;
  }

  public long totalLogRecords() {
    return totalLogRecords;
  }

  public long totalLogFilesCompacted() {
    return totalLogFilesCompacted;
  }

  public long totalLogSizeCompacted() {
    return totalLogSizeCompacted;
  }

  public long totalUpdatedRecordsCompacted() {
    return totalUpdatedRecordsCompacted;
  }

  public long totalLogBlocks() {
    return totalLogBlocks;
  }

  public long totalCorruptLogBlock() {
    return totalCorruptLogBlock;
  }

  public long totalRollbackBlocks() {
    return totalRollbackBlocks;
  }

  /** Size of the file after the write; readers build file statuses from it, so it must be exact. */
  public long fileSizeInBytes() {
    return fileSizeInBytes;
  }

  public Long minEventTime() {
    return minEventTime;
  }

  public Long maxEventTime() {
    return maxEventTime;
  }

  public RuntimeStats runtimeStats() {
    return runtimeStats;
  }

  /** The delta write fields, present for appends to merge-on-read log files. */
  public Optional<LogAppendStats> logAppend() {
    return Optional.ofNullable(logAppend);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof WriteStat)) {
      return false;
    }
    WriteStat that = (WriteStat) o;
    return numWrites == that.numWrites
        && numDeletes == that.numDeletes
        && numUpdateWrites == that.numUpdateWrites
        && numInserts == that.numInserts
        && totalWriteBytes == that.totalWriteBytes
        && totalWriteErrors == that.totalWriteErrors
        && totalLogRecords == that.totalLogRecords
        && totalLogFilesCompacted == that.totalLogFilesCompacted
        && totalLogSizeCompacted == that.totalLogSizeCompacted
        && totalUpdatedRecordsCompacted == that.totalUpdatedRecordsCompacted
        && totalLogBlocks == that.totalLogBlocks
        && totalCorruptLogBlock == that.totalCorruptLogBlock
        && totalRollbackBlocks == that.totalRollbackBlocks
        && fileSizeInBytes == that.fileSizeInBytes
        && Objects.equals(fileId, that.fileId)
        && Objects.equals(path, that.path)
        && Objects.equals(cdcStats, that.cdcStats)
        && Objects.equals(prevCommit, that.prevCommit)
        && Objects.equals(tempPath, that.tempPath)
        && Objects.equals(partitionPath, that.partitionPath)
        && Objects.equals(minEventTime, that.minEventTime)
        && Objects.equals(maxEventTime, that.maxEventTime)
        && Objects.equals(runtimeStats, that.runtimeStats)
        && Objects.equals(logAppend, that.logAppend);
  }

  @Override
  public int hashCode() {
    return Objects.hash(fileId, path, prevCommit, partitionPath, numWrites, numInserts,
        numUpdateWrites, numDeletes, fileSizeInBytes, totalWriteBytes, logAppend);
  }

  @Override
  public String toString() {
    return "WriteStat{fileId=" + fileId + ", path=" + path + ", prevCommit=" + prevCommit
        + ", partitionPath=" + partitionPath + ", numWrites=" + numWrites + ", numInserts="
        + numInserts + ", numUpdateWrites=" + numUpdateWrites + ", numDeletes=" + numDeletes
        + ", fileSizeInBytes=" + fileSizeInBytes + ", totalWriteBytes=" + totalWriteBytes
        + (logAppend == null ? "" : ", logAppend=" + logAppend) + "}";
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
      logAppend = s.logAppend;
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
      return new WriteStat(this);
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
