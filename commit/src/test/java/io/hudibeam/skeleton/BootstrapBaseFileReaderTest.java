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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.table.HudiTableException;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link BootstrapBaseFileReader}: a skeleton file and its source file joined row by row (meta
 * fields, source columns, the partition column from a Hive-style folder), and the refusals of a
 * source file whose length is not the index's or whose row count is not the skeleton's. Hudi's own
 * bootstrap reader reads the joined tables in HudiIOBootstrapUpsertTest (beam-io).
 */
public class BootstrapBaseFileReaderTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Schema SOURCE =
      SchemaBuilder.record("ride").fields().requiredString("uuid").requiredLong("ts").endRecord();

  private static final Schema SKELETON = skeletonSchema();

  private static Schema skeletonSchema() {
    SchemaBuilder.FieldAssembler<Schema> fields = SchemaBuilder.record("HoodieRecordKey").fields();
    for (MetaFields meta : MetaFields.values()) {
      fields = fields.optionalString(meta.fieldName());
    }
    return fields.endRecord();
  }

  private File write(File file, Schema schema, List<GenericRecord> rows) throws IOException {
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(new Path(file.getAbsolutePath()))
            .withSchema(schema)
            .withConf(new Configuration())
            .build()) {
      for (GenericRecord r : rows) {
        writer.write(r);
      }
    }
    return file;
  }

  private File source(int rows) throws IOException {
    File folder = new File(tmp.getRoot(), "source/city=sf");
    folder.mkdirs();
    List<GenericRecord> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      GenericData.Record r = new GenericData.Record(SOURCE);
      r.put("uuid", "key-" + i);
      r.put("ts", 100L + i);
      out.add(r);
    }
    return write(new File(folder, "part-0.parquet"), SOURCE, out);
  }

  private File skeleton(int rows) throws IOException {
    List<GenericRecord> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      GenericData.Record r = new GenericData.Record(SKELETON);
      r.put(MetaFields.COMMIT_TIME.fieldName(), "00000000000001");
      r.put(MetaFields.COMMIT_SEQNO.fieldName(), "00000000000001_0_" + i);
      r.put(MetaFields.RECORD_KEY.fieldName(), "key-" + i);
      r.put(MetaFields.PARTITION_PATH.fieldName(), "city=sf");
      r.put(MetaFields.FILE_NAME.fieldName(), "skeleton.parquet");
      out.add(r);
    }
    File folder = tmp.newFolder();
    return write(new File(folder, "f-0_0-1-0_00000000000001.parquet"), SKELETON, out);
  }

  private static BootstrapFileMapping mapping(File source, long length) {
    return mapping(source, length, 0L);
  }

  private static BootstrapFileMapping mapping(File source, long length, long modificationTime) {
    return new BootstrapFileMapping(
        FileGroupId.of("city=sf", FileId.parse("f-0")),
        "city=sf",
        new SourceFileStatus(
            "file:" + source.getAbsolutePath(), length, 1, 1L << 25, modificationTime, 0L));
  }

  private static List<GenericRecord> read(File skeleton, BootstrapFileMapping mapping) {
    List<GenericRecord> rows = new ArrayList<>();
    BootstrapBaseFileReader.of(
            new Configuration(), new Path(skeleton.getAbsolutePath()), mapping, List.of("city"))
        .forEachRecord(rows::add);
    return rows;
  }

  @Test
  public void joinsSkeletonAndSourceRowsByPosition() throws Exception {
    File source = source(3);
    List<GenericRecord> rows = read(skeleton(3), mapping(source, source.length()));
    assertThat(rows.size(), is(3));
    for (int i = 0; i < 3; i++) {
      GenericRecord r = rows.get(i);
      assertThat(r.getSchema().getFields().get(0).name(), is(MetaFields.COMMIT_TIME.fieldName()));
      assertThat(String.valueOf(r.get(MetaFields.RECORD_KEY.fieldName())), is("key-" + i));
      assertThat(String.valueOf(r.get(MetaFields.PARTITION_PATH.fieldName())), is("city=sf"));
      assertThat(String.valueOf(r.get("uuid")), is("key-" + i));
      assertThat(r.get("ts"), is(100L + i));
      assertThat(String.valueOf(r.get("city")), is("sf"));
    }
  }

  @Test
  public void aSourceFileOfAnotherLengthThanTheIndexIsRefused() throws Exception {
    File source = source(3);
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> read(skeleton(3), mapping(source, source.length() + 1)));
    assertThat(e.getMessage(), containsString(source.getAbsolutePath()));
    assertThat(e.getMessage(), containsString("the bootstrap index recorded"));
  }

  /**
   * The index's modification time is compared when it is not 0: the same file reads, one of another
   * modification time (same length) is refused naming both times; 0 (none recorded) is not
   * compared.
   */
  @Test
  public void aSourceFileOfAnotherModificationTimeThanTheIndexIsRefused() throws Exception {
    File source = source(3);
    long recorded = 1_700_000_000_000L;
    assertThat(source.setLastModified(recorded), is(true));
    assertThat(read(skeleton(3), mapping(source, source.length(), recorded)).size(), is(3));
    assertThat(read(skeleton(3), mapping(source, source.length(), 0L)).size(), is(3));
    assertThat(source.setLastModified(recorded + 60_000), is(true));
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> read(skeleton(3), mapping(source, source.length(), recorded)));
    assertThat(e.getMessage(), containsString(source.getAbsolutePath()));
    assertThat(e.getMessage(), containsString("modification time " + (recorded + 60_000)));
    assertThat(e.getMessage(), containsString("the bootstrap index recorded " + recorded));
    assertThat(e.getMessage(), containsString("bootstrap the source again"));
    assertThat(read(skeleton(3), mapping(source, source.length(), 0L)).size(), is(3));
  }

  @Test
  public void rowCountsThatDifferAreRefused() throws Exception {
    File source = source(3);
    HudiTableException fewer =
        assertThrows(
            HudiTableException.class, () -> read(skeleton(4), mapping(source, source.length())));
    assertThat(fewer.getMessage(), containsString("do not line up"));
    HudiTableException more =
        assertThrows(
            HudiTableException.class, () -> read(skeleton(2), mapping(source, source.length())));
    assertThat(more.getMessage(), containsString("more rows"));
  }

  @Test
  public void aMissingSourceFileIsRefusedNamingIt() throws Exception {
    File source = source(3);
    long length = source.length();
    source.delete();
    HudiTableException e =
        assertThrows(HudiTableException.class, () -> read(skeleton(3), mapping(source, length)));
    assertThat(e.getMessage(), containsString(source.getAbsolutePath()));
    assertThat(e.getMessage(), containsString("written by the bootstrap instant 00000000000001"));
    assertThat(e.getMessage(), containsString("must stay"));
  }
}
