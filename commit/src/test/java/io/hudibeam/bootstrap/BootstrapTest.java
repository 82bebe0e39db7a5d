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
package io.hudibeam.bootstrap;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.HudiTableException;
import java.io.File;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The bootstrap's pieces on their own: Hudi's mode selectors, the source listing, and the source
 * rows in the bootstrap schema.
 */
public class BootstrapTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void theSelectorsDecideAsHudisDo() {
    assertThat(BootstrapModeSelector.metadataOnly().select("a"), is(BootstrapMode.METADATA_ONLY));
    assertThat(BootstrapModeSelector.fullRecord().select("a"), is(BootstrapMode.FULL_RECORD));
    // BootstrapRegexModeSelector: a whole-string match takes the regex mode, the rest the other.
    BootstrapModeSelector regex =
        BootstrapModeSelector.regex("city=s.*", BootstrapMode.METADATA_ONLY);
    assertThat(regex.select("city=sf"), is(BootstrapMode.METADATA_ONLY));
    assertThat(regex.select("city=nyc"), is(BootstrapMode.FULL_RECORD));
    assertThat(regex.select("x/city=sf"), is(BootstrapMode.FULL_RECORD));
    BootstrapModeSelector full = BootstrapModeSelector.regex("2024/.*", BootstrapMode.FULL_RECORD);
    assertThat(full.select("2024/05"), is(BootstrapMode.FULL_RECORD));
    assertThat(full.select("2023/05"), is(BootstrapMode.METADATA_ONLY));
  }

  @Test
  public void theSelectorIsReadFromHudisKeysWithHudisDefaults() {
    assertThat(
        BootstrapModeSelector.fromProperties(Map.of()), is(BootstrapModeSelector.metadataOnly()));
    String pkg = "org.apache.hudi.client.bootstrap.selector.";
    assertThat(
        BootstrapModeSelector.fromProperties(
            Map.of("hoodie.bootstrap.mode.selector", pkg + "FullRecordBootstrapModeSelector")),
        is(BootstrapModeSelector.fullRecord()));
    BootstrapModeSelector regex =
        BootstrapModeSelector.fromProperties(
            Map.of("hoodie.bootstrap.mode.selector", pkg + "BootstrapRegexModeSelector"));
    assertThat(regex, is(BootstrapModeSelector.regex(".*", BootstrapMode.METADATA_ONLY)));
    BootstrapModeSelector configured =
        BootstrapModeSelector.fromProperties(
            Map.of(
                "hoodie.bootstrap.mode.selector", pkg + "BootstrapRegexModeSelector",
                "hoodie.bootstrap.mode.selector.regex", "a|b",
                "hoodie.bootstrap.mode.selector.regex.mode", "full_record"));
    assertThat(configured, is(BootstrapModeSelector.regex("a|b", BootstrapMode.FULL_RECORD)));
    assertThat(BootstrapModeSelector.fromProperties(configured.toProperties()), is(configured));

    HudiTableException unknown =
        assertThrows(
            HudiTableException.class,
            () ->
                BootstrapModeSelector.fromProperties(
                    Map.of("hoodie.bootstrap.mode.selector", "com.example.Mine")));
    assertThat(unknown.getMessage(), containsString("com.example.Mine"));
    HudiTableException badRegex =
        assertThrows(
            HudiTableException.class,
            () -> BootstrapModeSelector.regex("(", BootstrapMode.FULL_RECORD));
    assertThat(badRegex.getMessage(), containsString("hoodie.bootstrap.mode.selector.regex"));
    HudiTableException badMode =
        assertThrows(HudiTableException.class, () -> BootstrapMode.parse("copy"));
    assertThat(badMode.getMessage(), containsString("'copy'"));
  }

  private static void touch(File f) throws Exception {
    f.getParentFile().mkdirs();
    Files.writeString(f.toPath(), "x");
  }

  @Test
  public void theSourceListsParquetFilesByPartitionFolder() throws Exception {
    File src = tmp.newFolder("src");
    touch(new File(src, "city=sf/b.parquet"));
    touch(new File(src, "city=sf/a.parquet"));
    touch(new File(src, "city=nyc/a.parquet"));
    touch(new File(src, "city=nyc/_SUCCESS"));
    touch(new File(src, "city=nyc/.a.parquet.crc"));
    touch(new File(src, "city=nyc/_temporary.parquet"));
    touch(new File(src, "city=nyc/notes.txt"));
    FileSystem fs = FileSystem.getLocal(new Configuration());
    BootstrapSource source =
        BootstrapSource.list(fs, src.getAbsolutePath(), tmp.getRoot() + "/table");
    assertThat(
        source.files().stream()
            .map(f -> f.partition() + "/" + new File(f.path()).getName())
            .toList(),
        is(List.of("city=nyc/a.parquet", "city=sf/a.parquet", "city=sf/b.parquet")));
    assertThat(List.copyOf(source.partitions().keySet()), is(List.of("city=nyc", "city=sf")));
  }

  @Test
  public void theSourceIsRefusedInsideTheTableEmptyOrAtMixedDepths() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    File table = tmp.newFolder("table");
    HudiTableException inside =
        assertThrows(
            HudiTableException.class,
            () -> BootstrapSource.list(fs, table + "/src", table.getAbsolutePath()));
    assertThat(inside.getMessage(), containsString("is inside the table"));
    HudiTableException contains =
        assertThrows(
            HudiTableException.class,
            () ->
                BootstrapSource.list(fs, tmp.getRoot().getAbsolutePath(), table.getAbsolutePath()));
    assertThat(contains.getMessage(), containsString("contains the table"));
    File empty = tmp.newFolder("empty");
    HudiTableException none =
        assertThrows(
            HudiTableException.class,
            () -> BootstrapSource.list(fs, empty.getAbsolutePath(), table + "2"));
    assertThat(none.getMessage(), containsString("holds no Parquet file"));
    HudiTableException missing =
        assertThrows(
            HudiTableException.class,
            () -> BootstrapSource.list(fs, empty + "/nothing", table + "2"));
    assertThat(missing.getMessage(), containsString("does not exist"));
    File mixed = tmp.newFolder("mixed");
    touch(new File(mixed, "top.parquet"));
    touch(new File(mixed, "city=sf/a.parquet"));
    HudiTableException depths =
        assertThrows(
            HudiTableException.class,
            () -> BootstrapSource.list(fs, mixed.getAbsolutePath(), table + "2"));
    assertThat(depths.getMessage(), containsString("different folder depths"));
    assertThat(depths.getMessage(), containsString("top.parquet"));
  }

  private static final Schema FILE =
      SchemaBuilder.record("r").fields().requiredString("id").optionalLong("n").endRecord();

  @Test
  public void sourceRowsTakePartitionValuesFromTheirFolders() {
    Schema schema = SourceRecords.bootstrapSchema(FILE, List.of("country", "day"));
    assertThat(
        schema.getFields().stream().map(Schema.Field::name).toList(),
        is(List.of("id", "n", "country", "day")));
    GenericData.Record row = new GenericData.Record(FILE);
    row.put("id", "k1");
    row.put("n", 7L);
    SourceFile hive =
        new SourceFile(
            "/s/country=de/day=2024-01-01%3A00/f.parquet", "country=de/day=2024-01-01%3A00");
    GenericRecord out =
        SourceRecords.of(hive, FILE, schema, List.of("id"), List.of("country", "day"))
            .toBootstrapRecord(row);
    assertThat(
        out.toString(),
        is("{\"id\": \"k1\", \"n\": 7, \"country\": \"de\", \"day\": \"2024-01-01:00\"}"));
    SourceFile plain = new SourceFile("/s/de/2024/f.parquet", "de/2024");
    GenericRecord plainOut =
        SourceRecords.of(plain, FILE, schema, List.of("id"), List.of("country", "day"))
            .toBootstrapRecord(row);
    assertThat(plainOut.get("country"), is("de"));
    assertThat(plainOut.get("day"), is("2024"));
  }

  @Test
  public void aSourceFileThatDoesNotFitIsRefusedNamed() {
    Schema schema = SourceRecords.bootstrapSchema(FILE, List.of());
    SourceFile file = new SourceFile("/s/p/f.parquet", "p");
    Schema noKey = SchemaBuilder.record("r").fields().optionalLong("n").endRecord();
    HudiTableException key =
        assertThrows(
            HudiTableException.class,
            () -> SourceRecords.of(file, noKey, schema, List.of("id"), List.of()));
    assertThat(key.getMessage(), containsString("/s/p/f.parquet has no record key field 'id'"));
    Schema extra =
        SchemaBuilder.record("r").fields().requiredString("id").requiredInt("x").endRecord();
    HudiTableException field =
        assertThrows(
            HudiTableException.class,
            () -> SourceRecords.of(file, extra, schema, List.of("id"), List.of()));
    assertThat(field.getMessage(), containsString("has the field 'x'"));
    Schema retyped =
        SchemaBuilder.record("r").fields().requiredString("id").optionalInt("n").endRecord();
    HudiTableException type =
        assertThrows(
            HudiTableException.class,
            () -> SourceRecords.of(file, retyped, schema, List.of("id"), List.of()));
    assertThat(type.getMessage(), containsString("has the field 'n' as"));
    // An optional field the file lacks reads as null.
    Schema idOnly = SchemaBuilder.record("r").fields().requiredString("id").endRecord();
    GenericData.Record row = new GenericData.Record(idOnly);
    row.put("id", "k");
    GenericRecord out =
        SourceRecords.of(file, idOnly, schema, List.of("id"), List.of()).toBootstrapRecord(row);
    assertThat(out.get("n"), is((Object) null));
  }
}
