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
import io.hudibeam.basefile.MetaFields;
import io.hudibeam.bootstrap.SourceFile;
import io.hudibeam.bootstrap.SourceRecords;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.table.HudiTableException;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * Reads the full rows of a METADATA_ONLY bootstrap's file group: its skeleton file (the five meta
 * fields) and the source file the bootstrap index maps it to, read in lockstep, row <i>i</i> of one
 * with row <i>i</i> of the other, as Hudi's {@code HoodieBootstrapFileReader} (0.15.0, {@code
 * HoodieAvroBootstrapFileReader}; the same in 1.0.2) zips them for the merge of {@code
 * HoodieMergeHelper.runMerge} when the base file has a bootstrap base file. Each row has the
 * skeleton's meta fields, then the source row's fields, then each table partition field the source
 * files do not hold, filled from the source folder's name ({@code city=sf}) as the bootstrap filled
 * it (Hudi passes {@code getPartitionFields()} and the values from the partition path).
 *
 * <p>Refuses (naming both files) a source file whose length or modification time is not the one the
 * index recorded (it was rewritten after the bootstrap, and its rows may no longer line up with the
 * skeleton's) or whose row count is not the skeleton's. The modification time is compared only when
 * the index recorded one (not 0): Hudi's bootstrap records the listing's ({@code
 * HadoopFSUtils.fromFileStatus} in 0.15.0, {@code FSUtils.fromPathInfo} in 1.0.2), as HudiIO's does
 * ({@link SourceFileStatus#of}). Hudi's own readers compare neither.
 */
public final class BootstrapBaseFileReader {
  private final Configuration conf;
  private final Path skeleton;
  private final BootstrapFileMapping mapping;
  private final List<String> partitionFields;

  private BootstrapBaseFileReader(
      Configuration conf,
      Path skeleton,
      BootstrapFileMapping mapping,
      List<String> partitionFields) {
    this.conf = conf;
    this.skeleton = skeleton;
    this.mapping = mapping;
    this.partitionFields = partitionFields;
  }

  /**
   * A reader of the skeleton file {@code skeleton} joined with the source file of {@code mapping}.
   */
  public static BootstrapBaseFileReader of(
      Configuration conf,
      Path skeleton,
      BootstrapFileMapping mapping,
      List<String> partitionFields) {
    return new BootstrapBaseFileReader(
        Objects.requireNonNull(conf, "conf"),
        Objects.requireNonNull(skeleton, "skeleton"),
        Objects.requireNonNull(mapping, "mapping"),
        List.copyOf(partitionFields));
  }

  public Path sourcePath() {
    return new Path(mapping.source().uri());
  }

  /** Streams the joined rows in file order. */
  public void forEachRecord(Consumer<GenericRecord> consumer) {
    Path source = sourcePath();
    checkUnchanged(source);
    Schema skeletonSchema = BaseFileReader.of(conf, skeleton).readFooter().avroSchema();
    Schema sourceSchema = BaseFileReader.of(conf, source).readFooter().avroSchema();
    Schema dataSchema = SourceRecords.bootstrapSchema(sourceSchema, partitionFields);
    SourceRecords rows =
        SourceRecords.of(
            new SourceFile(source.toString(), mapping.sourcePartition()),
            sourceSchema,
            dataSchema,
            List.of(),
            partitionFields);
    Schema joined = joinedSchema(skeletonSchema, dataSchema);
    long row = 0;
    try (ParquetReader<GenericRecord> meta = open(skeleton);
        ParquetReader<GenericRecord> data = open(source)) {
      for (GenericRecord m = meta.read(); m != null; m = meta.read()) {
        GenericRecord d = data.read();
        if (d == null) {
          throw mismatch("the source file has only " + row + " rows");
        }
        GenericRecord full = rows.toBootstrapRecord(d);
        GenericData.Record out = new GenericData.Record(joined);
        for (Schema.Field f : joined.getFields()) {
          out.put(f.pos(), f.pos() < MetaFields.COUNT ? m.get(f.name()) : full.get(f.name()));
        }
        consumer.accept(out);
        row++;
      }
      if (data.read() != null) {
        throw mismatch("the source file has more rows than the skeleton file's " + row);
      }
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot read the skeleton file "
              + skeleton
              + " with its source file "
              + source
              + ": "
              + e,
          e);
    }
  }

  /** The five meta fields (the skeleton's), then the data fields. */
  static Schema joinedSchema(Schema skeletonSchema, Schema dataSchema) {
    List<Schema.Field> fields = new ArrayList<>();
    for (MetaFields meta : MetaFields.values()) {
      Schema.Field f = skeletonSchema.getField(meta.fieldName());
      if (f == null) {
        throw new HudiTableException(
            "A skeleton file's schema has no meta field "
                + meta.fieldName()
                + ": "
                + skeletonSchema);
      }
      fields.add(new Schema.Field(f, f.schema()));
    }
    for (Schema.Field f : dataSchema.getFields()) {
      if (!isMetaField(f.name())) {
        fields.add(new Schema.Field(f, f.schema()));
      }
    }
    return Schema.createRecord(
        dataSchema.getName(), dataSchema.getDoc(), dataSchema.getNamespace(), false, fields);
  }

  private static boolean isMetaField(String name) {
    for (MetaFields meta : MetaFields.values()) {
      if (meta.fieldName().equals(name)) {
        return true;
      }
    }
    return false;
  }

  private void checkUnchanged(Path source) {
    FileStatus status;
    try {
      status = source.getFileSystem(conf).getFileStatus(source);
    } catch (IOException e) {
      throw new HudiTableException(
          "The bootstrap source file "
              + source
              + " of the skeleton file "
              + skeleton
              + BaseFileName.tryParse(skeleton.getName())
                  .map(name -> " (written by the bootstrap instant " + name.instantTime() + ")")
                  .orElse("")
              + " cannot be read ("
              + e
              + "): a METADATA_ONLY bootstrap's source files must stay"
              + " where they were",
          e);
    }
    SourceFileStatus recorded = mapping.source();
    if (status.getLen() != recorded.length()) {
      throw new HudiTableException(
          "The bootstrap source file "
              + source
              + " of the skeleton file "
              + skeleton
              + " has "
              + status.getLen()
              + " bytes, but the bootstrap index recorded "
              + recorded.length()
              + ": it was changed after the bootstrap, so its rows no longer line up with the"
              + " skeleton file's");
    }
    long modified = status.getModificationTime();
    if (recorded.modificationTime() != 0 && modified != recorded.modificationTime()) {
      throw new HudiTableException(
          "The bootstrap source file "
              + source
              + " of the skeleton file "
              + skeleton
              + " has modification time "
              + modified
              + " ("
              + Instant.ofEpochMilli(modified)
              + "), but the bootstrap index recorded "
              + recorded.modificationTime()
              + " ("
              + Instant.ofEpochMilli(recorded.modificationTime())
              + "): it was rewritten or copied after the bootstrap (even with the same length"
              + " and content, this is another file to the index). A METADATA_ONLY bootstrap's"
              + " source files must never change; restore the original file with its modification"
              + " time, or bootstrap the source again into a new table");
    }
  }

  private HudiTableException mismatch(String what) {
    return new HudiTableException(
        "The skeleton file "
            + skeleton
            + " and its bootstrap source file "
            + sourcePath()
            + " do not line up: "
            + what);
  }

  private ParquetReader<GenericRecord> open(Path path) throws IOException {
    return AvroParquetReader.<GenericRecord>builder(HadoopInputFile.fromPath(path, conf))
        .withDataModel(GenericData.get())
        .withConf(conf)
        .build();
  }
}
