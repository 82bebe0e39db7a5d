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
package io.hudibeam.table;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.GoldenTable;
import io.hudibeam.testing.HudiMetaClients;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableConfig;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class TableConfigTest {
  private static final String SCHEMA =
      "{\"type\":\"record\",\"name\":\"trips_record\",\"namespace\":\"hoodie.trips\",\"fields\":"
          + "[{\"name\":\"uuid\",\"type\":\"string\"},{\"name\":\"city\",\"type\":[\"null\",\"string\"],\"default\":null}]}";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private FileSystem localFs() throws IOException {
    return FileSystem.getLocal(new Configuration());
  }

  private TableConfig tripsConfig(TableType type) {
    return TableConfig.newTable("trips", type)
        .recordKeyFields(List.of("uuid"))
        .partitionFields(List.of("city"))
        .orderingField("ts")
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .hiveStylePartitioning(true)
        .urlEncodePartitioning(false)
        .createSchema(SCHEMA)
        .build();
  }

  private TableConfigStore store(String base) throws IOException {
    return new TableConfigStore(localFs(), TablePaths.of(base));
  }

  @Test
  public void checksumMatchesTheValuesHudiStores() {
    assertThat(TableConfig.checksumOf(null, "raw_trips"), is("3360473891"));
    assertThat(TableConfig.checksumOf("default", "v6_complexkeygen_hivestyle"), is("281415413"));
    assertThat(TableConfig.checksumOf("default", "v6_trips_8i1u"), is("3843273058"));
  }

  @Test
  public void hudiOpensCopyOnWriteTableWeCreate() throws IOException {
    String base = tmp.newFolder("cow").getAbsolutePath();
    TableConfig config = store(base).create(tripsConfig(TableType.COPY_ON_WRITE));

    HoodieTableMetaClient meta = HudiMetaClients.open(base);
    HoodieTableConfig hudi = meta.getTableConfig();
    assertThat(hudi.getTableName(), is("trips"));
    assertThat(hudi.getTableType(), is(HoodieTableType.COPY_ON_WRITE));
    assertThat(hudi.getTableVersion(), is(HoodieTableVersion.SIX));
    assertThat(List.of(hudi.getRecordKeyFields().get()), is(List.of("uuid")));
    assertThat(List.of(hudi.getPartitionFields().get()), is(List.of("city")));
    assertThat(hudi.getPreCombineField(), is("ts"));
    assertThat(hudi.getKeyGeneratorClassName(), is("org.apache.hudi.keygen.SimpleKeyGenerator"));
    assertThat(hudi.getHiveStylePartitioningEnable(), is("true"));
    assertThat(hudi.getUrlEncodePartitioning(), is("false"));
    assertThat(
        hudi.getTableCreateSchema().get().toString(),
        is(new org.apache.avro.Schema.Parser().parse(SCHEMA).toString()));
    assertFalse(hudi.isMetadataTableAvailable());
    Properties props = new Properties();
    props.putAll(config.asMap());
    assertThat(
        Long.toString(HoodieTableConfig.generateChecksum(props)),
        is(config.get(TableProperty.CHECKSUM).get()));
    for (String folder :
        new String[] {
          ".schema", "archived", ".temp", ".aux/.bootstrap/.partitions", ".aux/.bootstrap/.fileids"
        }) {
      assertThat(folder, Files.isDirectory(Paths.get(base, ".hoodie", folder)), is(true));
    }
    assertThat(store(base).load(), equalTo(config));
  }

  @Test
  public void hudiOpensMergeOnReadTableWeCreate() throws IOException {
    String base = tmp.newFolder("mor").getAbsolutePath();
    store(base).create(tripsConfig(TableType.MERGE_ON_READ));
    HoodieTableConfig hudi = HudiMetaClients.open(base).getTableConfig();
    assertThat(hudi.getTableType(), is(HoodieTableType.MERGE_ON_READ));
    assertThat(
        hudi.getPayloadClass(), is("org.apache.hudi.common.model.OverwriteWithLatestAvroPayload"));
    assertThat(hudi.getRecordMergerStrategy(), is("eeb8d96f-b1e4-49fd-bbf8-28ac514178e5"));
  }

  @Test
  public void loadsTableConfigHudiWrote() throws IOException {
    String base = GoldenTable.V6_COW_COMPLEXKEY_HIVE.copyTo(tmp.getRoot()).getAbsolutePath();
    TableConfig config = store(base).load();
    HoodieTableConfig hudi = HudiMetaClients.open(base).getTableConfig();
    assertThat(config.name(), is(hudi.getTableName()));
    assertThat(config.tableType().name(), is(hudi.getTableType().name()));
    assertThat(config.recordKeyFields(), is(List.of(hudi.getRecordKeyFields().get())));
    assertThat(config.partitionFields(), is(List.of(hudi.getPartitionFields().get())));
    assertThat(config.orderingField().get(), is(hudi.getPreCombineField()));
    assertThat(config.keyGeneratorClass().get(), is(hudi.getKeyGeneratorClassName()));
    assertThat(config.hiveStylePartitioning(), is(true));
    assertThat(config.urlEncodePartitioning(), is(false));
  }

  @Test
  public void refusesWrongChecksumNamingFileAndKey() throws IOException {
    String base = tmp.newFolder("bad").getAbsolutePath();
    store(base).create(tripsConfig(TableType.COPY_ON_WRITE));
    rewriteProperty(base, "hoodie.table.checksum", "12345");
    InvalidTableConfigException e =
        assertThrows(InvalidTableConfigException.class, () -> store(base).load());
    assertThat(
        e.getMessage(),
        allOf(
            containsString("hoodie.properties"),
            containsString("hoodie.table.checksum=12345"),
            containsString(base)));
  }

  @Test
  public void refusesTableVersionsOtherThanSixAndEight() throws IOException {
    String base = tmp.newFolder("v7").getAbsolutePath();
    store(base).create(tripsConfig(TableType.COPY_ON_WRITE));
    for (String version : List.of("5", "7", "9", "")) {
      rewriteProperty(base, "hoodie.table.version", version);
      InvalidTableConfigException e =
          assertThrows(InvalidTableConfigException.class, () -> store(base).load());
      assertThat(
          e.getMessage(),
          equalTo(
              Paths.get(base, ".hoodie", "hoodie.properties")
                  + " has hoodie.table.version="
                  + version
                  + "; this writer supports table versions 6 (Hudi 0.14/0.15) and 8 (Hudi 1.0) only: write with a"
                  + " Hudi release that supports table version "
                  + version
                  + ", or upgrade or downgrade the table to 6 or 8"
                  + " with Hudi's upgrade/downgrade tool first"));
    }
  }

  @Test
  public void refusesATimelineLayoutThatIsNotTheVersions() throws IOException {
    String base = tmp.newFolder("v8layout1").getAbsolutePath();
    store(base).create(tripsConfig(TableType.COPY_ON_WRITE));
    rewriteProperty(base, "hoodie.table.version", "8");
    InvalidTableConfigException e =
        assertThrows(InvalidTableConfigException.class, () -> store(base).load());
    assertThat(
        e.getMessage(),
        allOf(
            containsString("hoodie.timeline.layout.version=1"),
            containsString("table version 8 uses timeline layout 2")));
    rewriteProperty(base, "hoodie.table.version", "6");
    rewriteProperty(base, "hoodie.timeline.layout.version", "2");
    e = assertThrows(InvalidTableConfigException.class, () -> store(base).load());
    assertThat(e.getMessage(), containsString("table version 6 uses timeline layout 1"));
  }

  @Test
  public void buildsVersionEightPropertiesAsHudiOneDoes() {
    TableConfig v8 =
        TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
            .tableVersion(TableVersion.EIGHT)
            .recordKeyFields(List.of("uuid"))
            .orderingField("ts")
            .keyGeneratorClass("org.apache.hudi.keygen.NonpartitionedKeyGenerator")
            .build();
    assertThat(v8.version(), is(TableVersion.EIGHT));
    assertThat(v8.get("hoodie.table.version").get(), is("8"));
    assertThat(v8.get("hoodie.table.initial.version").get(), is("8"));
    assertThat(v8.get("hoodie.timeline.layout.version").get(), is("2"));
    assertThat(v8.get("hoodie.timeline.path").get(), is("timeline"));
    assertThat(v8.get("hoodie.timeline.history.path").get(), is("history"));
    assertThat(v8.get("hoodie.record.merge.mode").get(), is("EVENT_TIME_ORDERING"));
    assertThat(
        v8.get("hoodie.record.merge.strategy.id").get(),
        is("eeb8d96f-b1e4-49fd-bbf8-28ac514178e5"));
    assertThat(
        v8.get("hoodie.compaction.payload.class").get(),
        is("org.apache.hudi.common.model.DefaultHoodieRecordPayload"));
    assertThat(v8.get("hoodie.table.keygenerator.type").get(), is("NON_PARTITION"));
    assertThat(v8.get("hoodie.table.keygenerator.class").isPresent(), is(false));
    assertThat(
        v8.keyGeneratorClass().get(), is("org.apache.hudi.keygen.NonpartitionedKeyGenerator"));
    TableConfig noOrdering =
        TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
            .tableVersion(TableVersion.EIGHT)
            .recordKeyFields(List.of("uuid"))
            .build();
    assertThat(noOrdering.get("hoodie.record.merge.mode").get(), is("COMMIT_TIME_ORDERING"));
    assertThat(
        noOrdering.get("hoodie.compaction.payload.class").get(),
        is("org.apache.hudi.common.model.OverwriteWithLatestAvroPayload"));
    // A v6 request matches a v8 table whose key generator is given by type only.
    TableConfig v6 =
        TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
            .recordKeyFields(List.of("uuid"))
            .orderingField("ts")
            .keyGeneratorClass("org.apache.hudi.keygen.NonpartitionedKeyGenerator")
            .build();
    RequestedTableConfigCheck.check(v8, v6, "/t");
    TableConfig simple =
        TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
            .recordKeyFields(List.of("uuid"))
            .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
            .build();
    InvalidTableConfigException e =
        assertThrows(
            InvalidTableConfigException.class,
            () -> RequestedTableConfigCheck.check(v8, simple, "/t"));
    assertThat(
        e.getMessage(),
        containsString(
            "has hoodie.table.keygenerator.class='org.apache.hudi.keygen.NonpartitionedKeyGenerator' but the write"
                + " requested hoodie.table.keygenerator.class='org.apache.hudi.keygen.SimpleKeyGenerator'"));
  }

  @Test
  public void refusesMissingTable() throws IOException {
    String base = tmp.newFolder("none").getAbsolutePath();
    TableNotFoundException e = assertThrows(TableNotFoundException.class, () -> store(base).load());
    assertThat(e.getMessage(), containsString(base));
    Files.createDirectories(Paths.get(base, ".hoodie"));
    e = assertThrows(TableNotFoundException.class, () -> store(base).load());
    assertThat(e.getMessage(), containsString("hoodie.properties"));
  }

  @Test
  public void refusesCorruptPropertiesWithoutBackup() throws IOException {
    String base = tmp.newFolder("corrupt").getAbsolutePath();
    store(base).create(tripsConfig(TableType.COPY_ON_WRITE));
    Files.write(Paths.get(base, ".hoodie", "hoodie.properties"), new byte[0]);
    Files.deleteIfExists(Paths.get(base, ".hoodie", ".hoodie.properties.crc"));
    InvalidTableConfigException e =
        assertThrows(InvalidTableConfigException.class, () -> store(base).load());
    assertThat(
        e.getMessage(),
        equalTo(
            Paths.get(base, ".hoodie", "hoodie.properties")
                + " is empty: it holds no"
                + " table properties, and there is no backup "
                + Paths.get(base, ".hoodie", "hoodie.properties.backup")
                + ". Restore hoodie.properties from a copy"));
    Files.write(
        Paths.get(base, ".hoodie", "hoodie.properties"),
        "not=a table\n".getBytes(StandardCharsets.UTF_8));
    e = assertThrows(InvalidTableConfigException.class, () -> store(base).load());
    assertThat(
        e.getMessage(),
        allOf(containsString("hoodie.properties"), containsString("no hoodie.table.name")));
    Files.write(
        Paths.get(base, ".hoodie", "hoodie.properties"),
        "hoodie.table.name=\\uZZZZ\n".getBytes(StandardCharsets.UTF_8));
    e = assertThrows(InvalidTableConfigException.class, () -> store(base).load());
    assertThat(
        e.getMessage(),
        equalTo(
            Paths.get(base, ".hoodie", "hoodie.properties")
                + " is not a properties"
                + " file (Malformed \\uxxxx encoding.), and there is no backup "
                + Paths.get(base, ".hoodie", "hoodie.properties.backup")
                + ". Restore hoodie.properties from a copy"));
  }

  @Test
  public void aPropertiesFileFailingItsHadoopChecksumIsCorruptAndTheBackupIsUsed()
      throws IOException {
    String base = tmp.newFolder("checksum").getAbsolutePath();
    TableConfig config = store(base).create(tripsConfig(TableType.COPY_ON_WRITE));
    Path properties = Paths.get(base, ".hoodie", "hoodie.properties");
    byte[] good = Files.readAllBytes(properties);
    byte[] flipped = good.clone();
    flipped[flipped.length - 2] ^= 1;
    Files.write(properties, flipped);
    InvalidTableConfigException e =
        assertThrows(InvalidTableConfigException.class, () -> store(base).load());
    assertThat(
        e.getMessage(),
        allOf(
            startsWith(
                properties
                    + " fails its checksum ("
                    + Paths.get(base, ".hoodie", ".hoodie.properties.crc")
                    + "): Checksum error: "),
            endsWith(
                ", and there is no backup "
                    + Paths.get(base, ".hoodie", "hoodie.properties.backup")
                    + ". Restore hoodie.properties from a copy")));
    Files.write(Paths.get(base, ".hoodie", "hoodie.properties.backup"), good);
    assertThat(store(base).load(), equalTo(config));
  }

  @Test
  public void readsBackupWhileAnUpdateIsUnderWay() throws IOException {
    String base = tmp.newFolder("backup").getAbsolutePath();
    TableConfig config = store(base).create(tripsConfig(TableType.COPY_ON_WRITE));
    Files.move(
        Paths.get(base, ".hoodie", "hoodie.properties"),
        Paths.get(base, ".hoodie", "hoodie.properties.backup"));
    Files.move(
        Paths.get(base, ".hoodie", ".hoodie.properties.crc"),
        Paths.get(base, ".hoodie", ".hoodie.properties.backup.crc"));
    assertThat(store(base).load(), equalTo(config));
  }

  @Test
  public void updateFollowsBackupProtocolAndHudiReadsTheResult() throws IOException {
    String base = tmp.newFolder("update").getAbsolutePath();
    store(base)
        .create(
            tripsConfig(TableType.COPY_ON_WRITE).with("hoodie.table.metadata.partitions", "files"));
    assertThat(HudiMetaClients.open(base).getTableConfig().isMetadataTableAvailable(), is(true));

    TableConfig updated = store(base).update(c -> c.with("hoodie.table.metadata.partitions", null));

    assertThat(updated.metadataPartitions(), is(List.of()));
    assertFalse(Files.exists(Paths.get(base, ".hoodie", "hoodie.properties.backup")));
    assertFalse(HudiMetaClients.open(base).getTableConfig().isMetadataTableAvailable());
    assertThat(store(base).load(), equalTo(updated));
  }

  @Test
  public void createRefusesExistingTable() throws IOException {
    String base = tmp.newFolder("twice").getAbsolutePath();
    store(base).create(tripsConfig(TableType.COPY_ON_WRITE));
    InvalidTableConfigException e =
        assertThrows(
            InvalidTableConfigException.class,
            () -> store(base).create(tripsConfig(TableType.COPY_ON_WRITE)));
    assertThat(e.getMessage(), containsString("already exists"));
  }

  @Test
  public void requestContradictingTheTableIsRefusedNamingKeyAndBothValues() {
    TableConfig table = tripsConfig(TableType.COPY_ON_WRITE);
    RequestedTableConfigCheck.check(table, tripsConfig(TableType.COPY_ON_WRITE), "/t");
    RequestedTableConfigCheck.check(
        table,
        tripsConfig(TableType.COPY_ON_WRITE)
            .with(
                "hoodie.table.keygenerator.class", "org.apache.hudi.keygen.SimpleAvroKeyGenerator"),
        "/t");

    assertRefused(
        table,
        tripsConfig(TableType.MERGE_ON_READ),
        "hoodie.table.type",
        "'COPY_ON_WRITE'",
        "'MERGE_ON_READ'");
    assertRefused(
        table,
        table.with("hoodie.table.recordkey.fields", "uuid,rider"),
        "hoodie.table.recordkey.fields",
        "'uuid'",
        "'uuid,rider'");
    assertRefused(
        table,
        table.with("hoodie.table.partition.fields", null),
        "hoodie.table.partition.fields",
        "'city'",
        "<absent>");
    assertRefused(
        table,
        table.with("hoodie.table.keygenerator.class", "org.apache.hudi.keygen.ComplexKeyGenerator"),
        "hoodie.table.keygenerator.class",
        "'org.apache.hudi.keygen.SimpleKeyGenerator'",
        "'org.apache.hudi.keygen.ComplexKeyGenerator'");
    assertRefused(
        table,
        table.with("hoodie.datasource.write.hive_style_partitioning", "false"),
        "hoodie.datasource.write.hive_style_partitioning",
        "'true'",
        "'false'");
    assertRefused(
        table,
        table.with("hoodie.datasource.write.partitionpath.urlencode", "true"),
        "hoodie.datasource.write.partitionpath.urlencode",
        "'false'",
        "'true'");
  }

  private static void assertRefused(
      TableConfig table,
      TableConfig request,
      String key,
      String tableValue,
      String requestedValue) {
    InvalidTableConfigException e =
        assertThrows(
            InvalidTableConfigException.class,
            () -> RequestedTableConfigCheck.check(table, request, "/data/trips"));
    assertThat(
        e.getMessage(),
        allOf(
            containsString("/data/trips"),
            containsString(key + "=" + tableValue),
            containsString(key + "=" + requestedValue)));
  }

  private static void rewriteProperty(String base, String key, String value) throws IOException {
    java.nio.file.Path file = Paths.get(base, ".hoodie", "hoodie.properties");
    Properties props = new Properties();
    try (var in = Files.newInputStream(file)) {
      props.load(in);
    }
    props.setProperty(key, value);
    try (var out = Files.newOutputStream(file)) {
      props.store(out, null);
    }
    // Hadoop's local file system keeps a checksum side file; an edit by hand leaves none.
    Files.deleteIfExists(Paths.get(base, ".hoodie", ".hoodie.properties.crc"));
    assertThat(new String(Files.readAllBytes(file), StandardCharsets.UTF_8), containsString(key));
  }
}
