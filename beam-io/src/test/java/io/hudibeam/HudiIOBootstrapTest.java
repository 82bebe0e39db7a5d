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
package io.hudibeam;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.basefile.BaseFileFooter;
import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.transforms.Create;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.bootstrap.index.BootstrapIndex;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code HudiIO.bootstrap()} with FULL_RECORD partitions: a Parquet dataset written here with
 * parquet-avro (several partitions, several files each) becomes a table that Hudi 0.15's reader
 * returns row by row with the meta fields, that Hudi's writer then upserts into and HudiIO after
 * it; METADATA_ONLY bootstraps read by Hudi (HudiIO's writes to them: HudiIOBootstrapUpsertTest);
 * and the refusals (a file without the key field, a source inside the table, an empty source, a
 * second bootstrap). {@code HudiIO.read()} of METADATA_ONLY tables: HudiIOBootstrapReadTest.
 */
public class HudiIOBootstrapTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String BOOTSTRAP_INSTANT = "00000000000002";
  private static final String METADATA_BOOTSTRAP_INSTANT = "00000000000001";
  private static final List<String> CITIES = List.of("chennai", "nyc", "sf");

  /** The source files' schema: no partition column (Hive-style folders carry it). */
  private static final Schema FILE_SCHEMA =
      SchemaBuilder.record("ride")
          .namespace("example")
          .fields()
          .requiredString("uuid")
          .requiredString("rider")
          .requiredDouble("fare")
          .requiredLong("ts")
          .endRecord();

  /** The source files' schema with the partition column ({@code city}) in the rows. */
  private static final Schema FILE_SCHEMA_WITH_CITY =
      SchemaBuilder.record("ride")
          .namespace("example")
          .fields()
          .requiredString("uuid")
          .requiredString("rider")
          .requiredDouble("fare")
          .requiredLong("ts")
          .requiredString("city")
          .endRecord();

  /** The bootstrap's schema: the files' with {@code city} from the folder names. */
  static final Schema TABLE_SCHEMA = withCity(FILE_SCHEMA);

  private static Schema withCity(Schema fileSchema) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : fileSchema.getFields()) {
      fields.add(new Schema.Field(f, f.schema()));
    }
    fields.add(
        new Schema.Field(
            "city",
            Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING)),
            "partition value from the source folder name",
            JsonProperties.NULL_VALUE));
    return Schema.createRecord("ride", null, "example", false, fields);
  }

  /**
   * HudiIO's write of rides rows into the bootstrapped table {@code base}: record key {@code uuid},
   * partition {@code city} (Hive-style), ordering {@code ts}.
   */
  static HudiIO.Write<GenericRecord> ridesWrite(String base, WriteOperation operation) {
    return HudiIO.writeGenericRecords()
        .withBasePath(base)
        .withTableName("rides")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withHiveStylePartitioning(true)
        .withOperation(operation);
  }

  /** Runs {@code write} of {@code rows} (of {@link #TABLE_SCHEMA}) on the DirectRunner. */
  static void writeRides(List<GenericRecord> rows, HudiIO.Write<GenericRecord> write) {
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(rows).withCoder(AvroCoder.of(GenericRecord.class, TABLE_SCHEMA)))
        .apply(write);
    p.run().waitUntilFinish();
  }

  static GenericRecord ride(Schema schema, String uuid, String city, double fare, long ts) {
    GenericData.Record r = new GenericData.Record(schema);
    r.put("uuid", uuid);
    r.put("rider", "rider-" + uuid);
    r.put("fare", fare);
    r.put("ts", ts);
    if (schema.getField("city") != null) {
      r.put("city", city);
    }
    return r;
  }

  /**
   * Writes 3 partitions × {@code filesPerPartition} files × 4 rows under {@code source}, Hive-style
   * ({@code city=x/}, rows without the city) or plain ({@code x/}, rows with it), and a {@code
   * _SUCCESS} file; returns the rows as the table holds them (with the city), by record key.
   */
  static Map<String, GenericRecord> writeSource(
      File source, boolean hiveStyle, int filesPerPartition) throws IOException {
    Map<String, GenericRecord> expected = new TreeMap<>();
    Schema fileSchema = hiveStyle ? FILE_SCHEMA : FILE_SCHEMA_WITH_CITY;
    int n = 0;
    for (String city : CITIES) {
      File folder = new File(source, hiveStyle ? "city=" + city : city);
      for (int f = 0; f < filesPerPartition; f++) {
        List<GenericRecord> rows = new ArrayList<>();
        for (int i = 0; i < 4; i++, n++) {
          String uuid = String.format("key-%03d", n);
          rows.add(ride(fileSchema, uuid, city, n * 1.5, 1000L + n));
          expected.put(uuid, ride(withCity(FILE_SCHEMA), uuid, city, n * 1.5, 1000L + n));
        }
        writeParquet(new File(folder, "part-" + f + ".parquet"), fileSchema, rows);
      }
    }
    Files.writeString(new File(source, "_SUCCESS").toPath(), "");
    return expected;
  }

  private static void writeParquet(File file, Schema schema, List<GenericRecord> rows)
      throws IOException {
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(new Path(file.getAbsolutePath()))
            .withSchema(schema)
            .withConf(new Configuration())
            .build()) {
      for (GenericRecord r : rows) {
        writer.write(r);
      }
    }
  }

  static HudiBootstrap bootstrap(String source, String base) {
    return HudiIO.bootstrap()
        .withSourcePath(source)
        .withBasePath(base)
        .withTableName("rides")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withHiveStylePartitioning(true);
  }

  static void run(HudiBootstrap bootstrap) {
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(bootstrap);
    p.run().waitUntilFinish();
  }

  /** Every row Hudi reads: the source row with the city, and the meta fields of the bootstrap. */
  private static void assertRows(
      HudiTableReader reader,
      Map<String, GenericRecord> expected,
      Map<String, String> commitTimes) {
    List<GenericRecord> rows = reader.snapshot();
    MetadataOnlyChecks.assertBootstrappedRows(rows, expected, commitTimes, BOOTSTRAP_INSTANT);
    for (GenericRecord row : rows) {
      assertThat(HudiTableReader.string(row, HudiIOTesting.FILE_NAME), containsString(".parquet"));
    }
  }

  @Test
  public void fullRecordBootstrapIsReadByHudiThenUpsertedByHudiAndByHudiIO() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = writeSource(source, true, 3);

    run(bootstrap(source.getAbsolutePath(), base).withMode(HudiBootstrap.Mode.FULL_RECORD));

    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), is(List.of(BOOTSTRAP_INSTANT)));
    assertThat(
        reader.tableConfig().getBootstrapBasePath().get(), is("file:" + source.getAbsolutePath()));
    HoodieCommitMetadata metadata = HudiIOTesting.commitMetadata(reader, BOOTSTRAP_INSTANT);
    assertThat(metadata.getOperationType(), is(WriteOperationType.BULK_INSERT));
    assertThat(reader.partitionPaths(), is(List.of("city=chennai", "city=nyc", "city=sf")));
    Map<String, String> commitTimes = new TreeMap<>();
    assertRows(reader, expected, commitTimes);
    // Base files as a bulk_insert writes them: bloom filter and key range in every footer.
    for (var slice : reader.latestFileSlices()) {
      BaseFileFooter footer =
          BaseFileReader.of(new Configuration(), new Path(slice.getBaseFile().get().getPath()))
              .readFooter();
      assertThat(footer.bloomFilter().isPresent(), is(true));
      assertThat(footer.minRecordKey().isPresent(), is(true));
      assertThat(footer.maxRecordKey().isPresent(), is(true));
    }

    // Hudi's writer upserts into the bootstrapped table: 2 updates, 1 insert.
    HudiReference hudi =
        HudiReference.trips(base)
            .tableName("rides")
            .schema(TABLE_SCHEMA)
            .recordKeyFields("uuid")
            .partitionFields("city")
            .orderingField("ts")
            .hiveStylePartitioning(true)
            .open();
    List<GenericRecord> hudiBatch =
        List.of(
            ride(TABLE_SCHEMA, "key-001", "chennai", 99.0, 5000L),
            ride(TABLE_SCHEMA, "key-030", "sf", 98.0, 5000L),
            ride(TABLE_SCHEMA, "key-900", "nyc", 97.0, 5000L));
    String hudiInstant = hudi.upsert(hudiBatch);
    for (GenericRecord r : hudiBatch) {
      expected.put(r.get("uuid").toString(), r);
      commitTimes.put(r.get("uuid").toString(), hudiInstant);
    }
    reader = HudiTableReader.of(base);
    assertRows(reader, expected, commitTimes);

    // HudiIO upserts after it: 1 update of a bootstrapped row, 1 of Hudi's row, 1 insert.
    List<GenericRecord> ourBatch =
        List.of(
            ride(TABLE_SCHEMA, "key-002", "chennai", 11.0, 6000L),
            ride(TABLE_SCHEMA, "key-900", "nyc", 12.0, 6000L),
            ride(TABLE_SCHEMA, "key-901", "sf", 13.0, 6000L));
    writeRides(ourBatch, ridesWrite(base, WriteOperation.UPSERT));
    reader = HudiTableReader.of(base);
    String ourInstant = HudiIOTesting.lastInstant(reader);
    for (GenericRecord r : ourBatch) {
      expected.put(r.get("uuid").toString(), r);
      commitTimes.put(r.get("uuid").toString(), ourInstant);
    }
    assertRows(reader, expected, commitTimes);
    assertThat(
        reader.completedInstantTimes(), is(List.of(BOOTSTRAP_INSTANT, hudiInstant, ourInstant)));
  }

  @Test
  public void plainFoldersWithThePartitionColumnInTheRows() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = writeSource(source, false, 2);
    run(
        bootstrap(source.getAbsolutePath(), base)
            .withModeRegex("nyc|sf|chennai", HudiBootstrap.Mode.FULL_RECORD));
    assertRows(HudiTableReader.of(base), expected, Map.of());
  }

  /** A MERGE_ON_READ table: the bootstrap is a bulk insert's deltacommit, read back by Hudi. */
  @Test
  public void aMergeOnReadTableIsBootstrappedAsADeltaCommit() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = writeSource(source, true, 2);
    run(
        bootstrap(source.getAbsolutePath(), base)
            .withTableType(io.hudibeam.table.TableType.MERGE_ON_READ)
            .withMode(HudiBootstrap.Mode.FULL_RECORD));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), is(List.of(BOOTSTRAP_INSTANT)));
    assertThat(
        reader.completedInstants().get(0).getAction(),
        is(org.apache.hudi.common.table.timeline.HoodieTimeline.DELTA_COMMIT_ACTION));
    assertRows(reader, expected, Map.of());
  }

  /**
   * METADATA_ONLY: a skeleton file per source file at {@code 00000000000001} and the bootstrap
   * index; Hudi 0.15's bootstrap index reader finds every partition, file group and source file,
   * its file-system view attaches each source file to its skeleton file, and its bootstrap file
   * reader returns every source row with the meta fields.
   */
  @Test
  public void metadataOnlyBootstrapIsReadByHudi() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = writeSource(source, true, 3);

    run(bootstrap(source.getAbsolutePath(), base).withMode(HudiBootstrap.Mode.METADATA_ONLY));

    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), is(List.of(METADATA_BOOTSTRAP_INSTANT)));
    assertThat(
        reader.tableConfig().getBootstrapBasePath().get(), is("file:" + source.getAbsolutePath()));
    HoodieCommitMetadata metadata =
        HudiIOTesting.commitMetadata(reader, METADATA_BOOTSTRAP_INSTANT);
    assertThat(metadata.getOperationType(), is(WriteOperationType.BOOTSTRAP));
    assertThat(metadata.getWriteStats().size(), is(9));
    assertThat(reader.partitionPaths(), is(List.of("city=chennai", "city=nyc", "city=sf")));
    MetadataOnlyChecks.assertIndex(reader, source, 3, 3);
    MetadataOnlyChecks.assertSkeletonFiles(reader, 4);

    MetadataOnlyChecks.assertBootstrappedRows(
        reader.bootstrapSnapshot(TABLE_SCHEMA, List.of("city")),
        expected,
        Map.of(),
        METADATA_BOOTSTRAP_INSTANT);
  }

  /** METADATA_ONLY on a MERGE_ON_READ table: a deltacommit at 00000000000001, read by Hudi. */
  @Test
  public void aMergeOnReadTableIsBootstrappedMetadataOnlyAsADeltaCommit() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = writeSource(source, true, 2);
    run(
        bootstrap(source.getAbsolutePath(), base)
            .withTableType(io.hudibeam.table.TableType.MERGE_ON_READ)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), is(List.of(METADATA_BOOTSTRAP_INSTANT)));
    assertThat(
        reader.completedInstants().get(0).getAction(),
        is(org.apache.hudi.common.table.timeline.HoodieTimeline.DELTA_COMMIT_ACTION));
    MetadataOnlyChecks.assertIndex(reader, source, 3, 2);
    Map<String, GenericRecord> rows =
        HudiTableReader.byRecordKey(reader.bootstrapSnapshot(TABLE_SCHEMA, List.of("city")));
    assertThat(rows.keySet(), is(expected.keySet()));
    for (Map.Entry<String, GenericRecord> e : expected.entrySet()) {
      assertThat(
          e.getKey(),
          String.valueOf(rows.get(e.getKey()).get("fare")),
          is(String.valueOf(e.getValue().get("fare"))));
      assertThat(
          HudiTableReader.string(rows.get(e.getKey()), HudiIOTesting.COMMIT_TIME),
          is(METADATA_BOOTSTRAP_INSTANT));
    }
  }

  /**
   * A regex that splits the modes, as Hudi's {@code BootstrapRegexModeSelector} with its default
   * mode: the matching partition METADATA_ONLY at {@code 00000000000001}, then the others
   * FULL_RECORD at {@code 00000000000002}; Hudi's index holds the METADATA_ONLY partition only, and
   * Hudi reads every row with its commit time.
   */
  @Test
  public void aSelectionThatMixesTheModesIsCommittedAsTwoInstants() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = writeSource(source, true, 2);
    run(
        bootstrap(source.getAbsolutePath(), base)
            .withHoodieProperties(
                Map.of(
                    "hoodie.bootstrap.mode.selector",
                    "org.apache.hudi.client.bootstrap.selector.BootstrapRegexModeSelector",
                    "hoodie.bootstrap.mode.selector.regex",
                    "city=sf")));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(
        reader.completedInstantTimes(), is(List.of(METADATA_BOOTSTRAP_INSTANT, BOOTSTRAP_INSTANT)));
    assertThat(
        HudiIOTesting.commitMetadata(reader, METADATA_BOOTSTRAP_INSTANT).getOperationType(),
        is(WriteOperationType.BOOTSTRAP));
    assertThat(
        HudiIOTesting.commitMetadata(reader, BOOTSTRAP_INSTANT).getOperationType(),
        is(WriteOperationType.BULK_INSERT));
    try (BootstrapIndex.IndexReader r =
        BootstrapIndex.getBootstrapIndex(reader.metaClient()).createReader()) {
      assertThat(r.getIndexedPartitionPaths(), is(List.of("city=sf")));
      assertThat(r.getIndexedFileGroupIds().size(), is(2));
    }
    Map<String, GenericRecord> rows =
        HudiTableReader.byRecordKey(reader.bootstrapSnapshot(TABLE_SCHEMA, List.of("city")));
    assertThat(rows.keySet(), is(expected.keySet()));
    for (Map.Entry<String, GenericRecord> e : expected.entrySet()) {
      GenericRecord row = rows.get(e.getKey());
      for (Schema.Field f : e.getValue().getSchema().getFields()) {
        assertThat(
            e.getKey() + "." + f.name(),
            String.valueOf(row.get(f.name())),
            is(String.valueOf(e.getValue().get(f.name()))));
      }
      assertThat(
          e.getKey(),
          HudiTableReader.string(row, HudiIOTesting.COMMIT_TIME),
          is(
              "sf".equals(e.getValue().get("city").toString())
                  ? METADATA_BOOTSTRAP_INSTANT
                  : BOOTSTRAP_INSTANT));
    }
  }

  @Test
  public void aSourceFileWithoutTheKeyFieldFailsNamingFileAndField() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    writeSource(source, true, 1);
    Schema noKey =
        SchemaBuilder.record("ride")
            .namespace("example")
            .fields()
            .requiredString("rider")
            .requiredDouble("fare")
            .requiredLong("ts")
            .endRecord();
    File bad = new File(source, "city=sf/part-9.parquet");
    GenericData.Record r = new GenericData.Record(noKey);
    r.put("rider", "x");
    r.put("fare", 1.0);
    r.put("ts", 1L);
    writeParquet(bad, noKey, List.of(r));
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                run(
                    bootstrap(source.getAbsolutePath(), base)
                        .withMode(HudiBootstrap.Mode.FULL_RECORD)));
    String message = HudiIOTesting.messages(e);
    assertThat(message, containsString(bad.getName()));
    assertThat(message, containsString("no record key field 'uuid'"));
    // Nothing committed: Hudi's reader sees no completed instant.
    assertThat(HudiTableReader.of(base).completedInstantTimes(), is(List.of()));
  }

  @Test
  public void aSourceInsideTheTableAndAnEmptySourceAreRefused() throws Exception {
    File table = tmp.newFolder("table");
    File inside = new File(table, "source");
    writeSource(inside, true, 1);
    Pipeline p = HudiIOTesting.pipeline(1);
    IllegalArgumentException insideTable =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                p.apply(
                    bootstrap(inside.getAbsolutePath(), table.getAbsolutePath())
                        .withMode(HudiBootstrap.Mode.FULL_RECORD)));
    assertThat(insideTable.getMessage(), containsString("is inside the table"));
    assertThat(insideTable.getMessage(), containsString(inside.getAbsolutePath()));
    assertThat(insideTable.getMessage(), containsString(table.getAbsolutePath()));

    File empty = tmp.newFolder("empty");
    Files.writeString(new File(empty, "_SUCCESS").toPath(), "");
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                p.apply(
                    "empty",
                    bootstrap(
                            empty.getAbsolutePath(),
                            new File(tmp.getRoot(), "t2").getAbsolutePath())
                        .withMode(HudiBootstrap.Mode.FULL_RECORD)));
    assertThat(none.getMessage(), containsString("holds no Parquet file"));
    assertThat(none.getMessage(), containsString(empty.getAbsolutePath()));
  }

  @Test
  public void aSecondBootstrapIntoTheTableIsRefused() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    writeSource(source, true, 1);
    run(bootstrap(source.getAbsolutePath(), base).withMode(HudiBootstrap.Mode.FULL_RECORD));
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                run(
                    bootstrap(source.getAbsolutePath(), base)
                        .withMode(HudiBootstrap.Mode.FULL_RECORD)));
    assertThat(HudiIOTesting.messages(e), containsString("already holds the completed"));
    assertThat(HudiTableReader.of(base).completedInstantTimes(), is(List.of(BOOTSTRAP_INSTANT)));
  }
}
