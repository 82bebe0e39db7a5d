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
package io.hudibeam.write;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.basefile.BaseFileResult;
import io.hudibeam.basefile.BaseFileWriter;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.basefile.RowGroupCarryOver;
import io.hudibeam.commit.IOType;
import io.hudibeam.commit.Marker;
import io.hudibeam.commit.MarkerStore;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.WriteToken;
import io.hudibeam.keygen.PartitionMetadata;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.schema.RecordRewriter;
import io.hudibeam.skeleton.BootstrapBaseFileReader;
import io.hudibeam.skeleton.SkeletonBaseFiles;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.TimelineLayout;
import java.io.File;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What every write handle of one attempt needs: the table, the instant, the write schema (without
 * meta fields), Parquet settings, the log data block size, the ordering field and the attempt's
 * write token.
 */
public final class WriteContext {
  private final Configuration conf;
  private final FileSystem fs;
  private final TablePaths paths;
  private final InstantTime instant;
  private final Schema schema;
  private final ParquetSettings parquet;
  private final OrderingField orderingField;
  private final WriteToken writeToken;
  private final long logBlockMaxBytes;
  private RecordRewriter incomingRewriter;
  private TableVersion tableVersion;

  private WriteContext(Builder b) {
    this.conf = Objects.requireNonNull(b.conf, "conf");
    this.fs = Objects.requireNonNull(b.fs, "fs");
    this.paths = Objects.requireNonNull(b.paths, "paths");
    this.instant = Objects.requireNonNull(b.instant, "instant");
    this.schema = Objects.requireNonNull(b.schema, "schema");
    this.parquet = Objects.requireNonNull(b.parquet, "parquet");
    this.orderingField = Objects.requireNonNull(b.orderingField, "orderingField");
    this.writeToken = Objects.requireNonNull(b.writeToken, "writeToken");
    if (b.logBlockMaxBytes < 1) {
      throw new IllegalArgumentException(
          AppendHandle.LOG_BLOCK_MAX_SIZE + " must be >= 1, but was " + b.logBlockMaxBytes);
    }
    this.logBlockMaxBytes = b.logBlockMaxBytes;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Configuration conf() {
    return conf;
  }

  public FileSystem fs() {
    return fs;
  }

  public TablePaths paths() {
    return paths;
  }

  public InstantTime instant() {
    return instant;
  }

  public Schema schema() {
    return schema;
  }

  public ParquetSettings parquet() {
    return parquet;
  }

  public OrderingField orderingField() {
    return orderingField;
  }

  public WriteToken writeToken() {
    return writeToken;
  }

  /**
   * Encoded bytes at which an append handle cuts a log data block ({@code
   * hoodie.logfile.data.block.max.size}).
   */
  public long logBlockMaxBytes() {
    return logBlockMaxBytes;
  }

  /**
   * An incoming record in the write schema: as is when its schema is the write schema, else
   * rewritten by name with the promotions of an evolved schema ({@link RecordRewriter}).
   */
  GenericRecord toWriteSchema(GenericRecord incoming) {
    if (incomingRewriter == null) {
      incomingRewriter = new RecordRewriter(schema);
    }
    return incomingRewriter.rewrite(incoming);
  }

  /** The task partition id used in commit sequence numbers. */
  int taskPartitionId() {
    return (int) (writeToken.partitionId() & Integer.MAX_VALUE);
  }

  /**
   * Prepares a new base file of a file group: the partition metadata file if the partition is new,
   * then the marker. Returns the base file's path.
   */
  Path prepareBaseFile(FileGroupId fileGroup, BaseFileName name, IOType ioType) {
    String partition = fileGroup.partitionPath();
    Path folder = paths.partitionFolder(partition);
    PartitionMetadata.forPartition(instant.value(), partition)
        .writeIfAbsent(fs, folder, writeToken.value());
    new MarkerStore(fs, paths, instant).create(Marker.of(partition, name.value(), ioType));
    return new Path(folder, name.value());
  }

  /** The table's version, read from its {@code hoodie.properties} once. */
  TableVersion tableVersion() {
    if (tableVersion == null) {
      tableVersion = TimelineLayout.of(fs, paths).tableVersion();
    }
    return tableVersion;
  }

  /**
   * Prepares a new log file of a file group: the partition metadata file if the partition is new,
   * then the marker (APPEND in table version 6, CREATE in version 8), named with the log file's own
   * name (as Hudi 0.15 and 1.0 write it). Returns the log file's path.
   */
  Path prepareLogFile(FileGroupId fileGroup, io.hudibeam.files.LogFileName name) {
    String partition = fileGroup.partitionPath();
    Path folder = paths.partitionFolder(partition);
    PartitionMetadata.forPartition(instant.value(), partition)
        .writeIfAbsent(fs, folder, writeToken.value());
    // Hudi 1.0 marks a version 8 log file CREATE (WriteMarkers.createLogMarkerIfNotExists), a
    // version 6 one APPEND (DirectWriteMarkersV1).
    IOType type = tableVersion().slicesLogFilesByCompletionTime() ? IOType.CREATE : IOType.APPEND;
    new MarkerStore(fs, paths, instant).create(Marker.of(partition, name.value(), type));
    return new Path(folder, name.value());
  }

  /**
   * Opens the new base file a file group gets in this instant: partition metadata and marker first,
   * then the writer.
   */
  BaseFileWriter openBaseFile(FileGroupId fileGroup, IOType ioType) {
    BaseFileName name = BaseFileName.of(fileGroup.fileId(), writeToken, instant);
    Path path = prepareBaseFile(fileGroup, name, ioType);
    return BaseFileWriter.create(conf, path, schema, taskPartitionId(), parquet);
  }

  /**
   * Writes the new base file a file group gets in this instant by carrying over the current file's
   * row groups as bytes, then the records {@code newRecords} writes (partition metadata and marker
   * first). {@code scratchFolder} holds the new records until they are copied in.
   */
  BaseFileResult writeCarriedOver(
      FileGroupId fileGroup,
      RowGroupCarryOver carryOver,
      File scratchFolder,
      Consumer<BaseFileWriter> newRecords) {
    BaseFileName name = BaseFileName.of(fileGroup.fileId(), writeToken, instant);
    Path path = prepareBaseFile(fileGroup, name, IOType.MERGE);
    return carryOver.write(path, taskPartitionId(), scratchFolder, newRecords);
  }

  /**
   * The row-group carry-over of a file group's current base file into this instant's version, when
   * its rows can be copied as bytes ({@link RowGroupCarryOver#of}).
   */
  Optional<RowGroupCarryOver> carryOver(BaseFile current) {
    if (isMetadataBootstrapSlice(current.name())) {
      return Optional.empty(); // a skeleton file's rows are not the table's rows
    }
    return RowGroupCarryOver.of(conf, pathOf(current), schema, parquet);
  }

  /**
   * Streams the stored records of a file group's base file {@code base}, in file order: when it is
   * a METADATA_ONLY bootstrap's skeleton file, the full rows of the skeleton joined with its source
   * file ({@link BootstrapBaseFileReader}), so a merge or compaction writes a regular base file
   * with the full rows (Hudi's {@code HoodieMergeHelper.runMerge}); else the file's records.
   */
  void forEachStoredRecord(FileGroupId fileGroup, Path base, Consumer<GenericRecord> consumer) {
    Optional<BootstrapBaseFileReader> bootstrap = bootstrapOf(fileGroup, base);
    if (bootstrap.isPresent()) {
      bootstrap.get().forEachRecord(consumer);
    } else {
      BaseFileReader.of(conf, base).forEachRecord(consumer);
    }
  }

  /**
   * The skeleton-and-source reader of {@code base} if it is a skeleton file ({@link
   * SkeletonBaseFiles#readerOf}).
   */
  Optional<BootstrapBaseFileReader> bootstrapOf(FileGroupId fileGroup, Path base) {
    return SkeletonBaseFiles.of(conf, fs, paths).readerOf(fileGroup, base);
  }

  private static boolean isMetadataBootstrapSlice(BaseFileName name) {
    return SkeletonBaseFiles.isMetadataBootstrapFile(name);
  }

  /** Where a base file of the table is. */
  Path pathOf(BaseFile baseFile) {
    return new Path(
        paths.partitionFolder(baseFile.fileGroupId().partitionPath()), baseFile.name().value());
  }

  /**
   * Writes every record that is not a delete as inserted by this instant (meta fields set by the
   * writer); returns how many.
   */
  long writeInserts(BaseFileWriter writer, Iterable<TableRecord> records) {
    long inserts = 0;
    for (TableRecord record : records) {
      if (record.isDelete()) {
        continue;
      }
      writer.write(
          instant.value(),
          record.recordKey(),
          record.partitionPath(),
          toWriteSchema(record.data().orElseThrow()));
      inserts++;
    }
    return inserts;
  }

  /** Runtime stats of a merge that started at {@code startNanos} ({@code totalUpsertTime}). */
  static WriteStat.RuntimeStats upsertTimeSince(long startNanos) {
    return new WriteStat.RuntimeStats(0, (System.nanoTime() - startNanos) / 1_000_000, 0);
  }

  /** The write stat of a closed base file of a file group; the handle adds its counts. */
  static WriteStat.Builder statOf(FileGroupId fileGroup, BaseFileResult result, String prevCommit) {
    return WriteStat.builder()
        .fileId(fileGroup.fileId().value())
        .path(TablePaths.relativePath(fileGroup.partitionPath(), result.fileName()))
        .prevCommit(prevCommit)
        .numWrites(result.recordCount())
        .totalWriteBytes(result.fileSizeBytes())
        .fileSizeInBytes(result.fileSizeBytes())
        .partitionPath(fileGroup.partitionPath());
  }

  /** Builds a {@link WriteContext}. */
  public static final class Builder {
    private Configuration conf;
    private FileSystem fs;
    private TablePaths paths;
    private InstantTime instant;
    private Schema schema;
    private ParquetSettings parquet = ParquetSettings.defaults();
    private OrderingField orderingField = OrderingField.none();
    private WriteToken writeToken;
    private long logBlockMaxBytes = AppendHandle.DEFAULT_LOG_BLOCK_MAX_SIZE;

    public Builder conf(Configuration conf) {
      this.conf = conf;
      return this;
    }

    public Builder fs(FileSystem fs) {
      this.fs = fs;
      return this;
    }

    public Builder paths(TablePaths paths) {
      this.paths = paths;
      return this;
    }

    public Builder instant(InstantTime instant) {
      this.instant = instant;
      return this;
    }

    public Builder schema(Schema schema) {
      this.schema = schema;
      return this;
    }

    public Builder parquet(ParquetSettings parquet) {
      this.parquet = parquet;
      return this;
    }

    public Builder orderingField(OrderingField orderingField) {
      this.orderingField = orderingField;
      return this;
    }

    public Builder writeToken(WriteToken writeToken) {
      this.writeToken = writeToken;
      return this;
    }

    /** {@code hoodie.logfile.data.block.max.size}; Hudi's default (256 MiB) unless given. */
    public Builder logBlockMaxBytes(long logBlockMaxBytes) {
      this.logBlockMaxBytes = logBlockMaxBytes;
      return this;
    }

    public WriteContext build() {
      return new WriteContext(this);
    }
  }
}
