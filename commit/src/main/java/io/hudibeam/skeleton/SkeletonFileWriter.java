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
package io.hudibeam.skeleton;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.basefile.BaseFileResult;
import io.hudibeam.basefile.BaseFileWriter;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.bootstrap.SourceFile;
import io.hudibeam.bootstrap.SourceRecords;
import io.hudibeam.commit.IOType;
import io.hudibeam.commit.Marker;
import io.hudibeam.commit.MarkerStore;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.WriteToken;
import io.hudibeam.keygen.KeyGenerator;
import io.hudibeam.keygen.PartitionMetadata;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes the skeleton file of one source file, as Hudi's {@code
 * BaseBootstrapMetadataHandler.runMetadataBootstrap} with a {@code HoodieBootstrapHandle} does it
 * (0.15.0, 1.0.2): a base file of a new file group whose rows are the meta fields only (Hudi's
 * {@code HoodieBootstrapHandle.METADATA_BOOTSTRAP_RECORD_SCHEMA}: a record {@code HoodieRecordKey}
 * of the five meta fields, each an optional string), one row per source row in the source's order
 * (row i of the skeleton is row i of the source), with the bloom filter and record key range in the
 * footer as for any base file; the partition path is the source file's folder ({@code
 * IdentityBootstrapPartitionPathTranslator}, Hudi's default {@code
 * hoodie.bootstrap.partitionpath.translator.class}), the record key the key generator's.
 *
 * <p>The file group's id is {@code <uuid>-0}, where Hudi uses a bare UUID ({@code
 * FSUtils.createNewFileIdPfx}): any file id is valid to Hudi's readers, and this library's file ids
 * end in {@code -<n>}.
 */
public final class SkeletonFileWriter {
  /** The user schema of a skeleton file: no field besides the meta fields. */
  static final Schema SKELETON_SCHEMA =
      Schema.createRecord("HoodieRecordKey", "", "", false, List.of());

  private final Configuration conf;
  private final FileSystem fs;
  private final TablePaths paths;
  private final InstantTime instant;
  private final WriteToken writeToken;
  private final ParquetSettings parquet;
  private final KeyGenerator keyGenerator;

  public SkeletonFileWriter(
      Configuration conf,
      FileSystem fs,
      TablePaths paths,
      InstantTime instant,
      WriteToken writeToken,
      ParquetSettings parquet,
      KeyGenerator keyGenerator) {
    this.conf = conf;
    this.fs = fs;
    this.paths = paths;
    this.instant = instant;
    this.writeToken = writeToken;
    this.parquet = parquet;
    this.keyGenerator = keyGenerator;
  }

  /**
   * Writes the skeleton file of {@code source}, whose rows {@code records} turns into rows of the
   * bootstrap schema (the key generator's input). Partition metadata and marker first.
   */
  public SkeletonFile write(
      SourceFile source,
      Schema bootstrapSchema,
      List<String> recordKeyFields,
      List<String> partitionFields) {
    Path sourcePath = new Path(source.path());
    SourceFileStatus status = status(sourcePath);
    BaseFileReader reader = BaseFileReader.of(conf, sourcePath);
    SourceRecords records =
        SourceRecords.of(
            source,
            reader.readFooter().avroSchema(),
            bootstrapSchema,
            recordKeyFields,
            partitionFields);
    String partition = source.partition();
    FileGroupId fileGroup = FileGroupId.of(partition, FileId.of(UUID.randomUUID(), 0));
    BaseFileName name = BaseFileName.of(fileGroup.fileId(), writeToken, instant);
    Path folder = paths.partitionFolder(partition);
    PartitionMetadata.forPartition(instant.value(), partition)
        .writeIfAbsent(fs, folder, writeToken.value());
    new MarkerStore(fs, paths, instant).create(Marker.of(partition, name.value(), IOType.CREATE));
    long start = System.nanoTime();
    BaseFileWriter writer =
        BaseFileWriter.create(
            conf,
            new Path(folder, name.value()),
            SKELETON_SCHEMA,
            (int) (writeToken.partitionId() & Integer.MAX_VALUE),
            parquet);
    GenericRecord empty = new GenericData.Record(SKELETON_SCHEMA);
    try {
      reader.forEachRecord(
          row -> {
            String key = keyGenerator.keyOf(records.toBootstrapRecord(row)).recordKey();
            writer.write(instant.value(), key, partition, empty);
          });
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    BaseFileResult result = writer.close();
    WriteStat stat =
        WriteStat.builder()
            .fileId(fileGroup.fileId().value())
            .path(TablePaths.relativePath(partition, result.fileName()))
            .prevCommit(WriteStat.NULL_COMMIT)
            .numWrites(result.recordCount())
            .numInserts(result.recordCount())
            .totalWriteBytes(result.fileSizeBytes())
            .fileSizeInBytes(result.fileSizeBytes())
            .partitionPath(partition)
            .runtimeStats(new WriteStat.RuntimeStats(0, 0, (System.nanoTime() - start) / 1_000_000))
            .build();
    return new SkeletonFile(stat, new BootstrapFileMapping(fileGroup, partition, status));
  }

  private SourceFileStatus status(Path path) {
    try {
      return SourceFileStatus.of(path.getFileSystem(conf).getFileStatus(path));
    } catch (FileNotFoundException e) {
      throw new HudiTableException("The bootstrap source file " + path + " does not exist", e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the status of the source file " + path, e);
    }
  }
}
