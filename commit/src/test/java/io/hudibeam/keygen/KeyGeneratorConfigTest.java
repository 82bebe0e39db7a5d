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
package io.hudibeam.keygen;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.Assert.assertThrows;

import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

public class KeyGeneratorConfigTest {

  @Test
  public void typeParsesSparkAndAvroClassNamesAndFormatsTheSparkName() {
    for (KeyGeneratorType type : KeyGeneratorType.values()) {
      assertThat(KeyGeneratorType.fromClassName(type.className()), equalTo(type));
      assertThat(KeyGeneratorType.fromClassName(" " + type.avroClassName()), equalTo(type));
    }
    assertThat(
        KeyGeneratorType.NON_PARTITIONED.className(),
        equalTo("org.apache.hudi.keygen.NonpartitionedKeyGenerator"));
    assertThat(
        KeyGeneratorType.TIMESTAMP_BASED.avroClassName(),
        equalTo("org.apache.hudi.keygen.TimestampBasedAvroKeyGenerator"));
  }

  @Test
  public void unknownTypeNamesTheKeyAndTheValidValues() {
    InvalidKeyGeneratorConfigException e =
        assertThrows(
            InvalidKeyGeneratorConfigException.class,
            () -> KeyGeneratorType.fromClassName("org.apache.hudi.keygen.CustomKeyGenerator"));
    assertThat(
        e.getMessage(),
        equalTo(
            "hoodie.table.keygenerator.class=org.apache.hudi.keygen.CustomKeyGenerator is not a supported"
                + " key generator; expected one of [org.apache.hudi.keygen.SimpleKeyGenerator,"
                + " org.apache.hudi.keygen.ComplexKeyGenerator, org.apache.hudi.keygen.NonpartitionedKeyGenerator,"
                + " org.apache.hudi.keygen.TimestampBasedKeyGenerator]"));
    assertThat(
        assertThrows(
                InvalidKeyGeneratorConfigException.class,
                () -> KeyGeneratorType.fromClassName(null))
            .getMessage(),
        containsString("hoodie.table.keygenerator.class=null is not a supported key generator"));
  }

  @Test
  public void fromPropertiesReadsHudiWriteOptions() {
    Map<String, String> props = new HashMap<>();
    props.put("hoodie.datasource.write.recordkey.field", "id, name");
    props.put("hoodie.datasource.write.partitionpath.field", "year,month");
    props.put(
        "hoodie.datasource.write.keygenerator.class", "org.apache.hudi.keygen.ComplexKeyGenerator");
    props.put("hoodie.datasource.write.hive_style_partitioning", "TRUE");
    props.put("hoodie.datasource.write.partitionpath.urlencode", "true");
    KeyGeneratorConfig config = SettingsReader.keyGenerator(props);
    assertThat(
        config,
        equalTo(
            KeyGeneratorConfig.complex(List.of("id", "name"), List.of("year", "month"))
                .withHiveStylePartitioning(true)
                .withUrlEncodePartitionPath(true)));
    assertThat(config.type(), equalTo(KeyGeneratorType.COMPLEX));
    assertThat(config.recordKeyFields(), equalTo(List.of("id", "name")));
    assertThat(config.partitionFields(), equalTo(List.of("year", "month")));
    assertThat(config.hiveStylePartitioning(), equalTo(true));
    assertThat(config.urlEncodePartitionPath(), equalTo(true));
    assertThat(config.timestampOptions(), equalTo(Optional.empty()));
  }

  @Test
  public void fromPropertiesInfersTheTypeAsHudiWhenNoClassIsGiven() {
    assertThat(infer("id", null), equalTo(KeyGeneratorType.NON_PARTITIONED));
    assertThat(infer("id", ""), equalTo(KeyGeneratorType.NON_PARTITIONED));
    assertThat(infer("id", "city"), equalTo(KeyGeneratorType.SIMPLE));
    assertThat(infer("id,name", "city"), equalTo(KeyGeneratorType.COMPLEX));
    assertThat(infer("id", "city,day"), equalTo(KeyGeneratorType.COMPLEX));
    assertThat(infer("id,name", null), equalTo(KeyGeneratorType.NON_PARTITIONED));
  }

  @Test
  public void tablePropertiesRoundTrip() {
    TimestampKeyOptions dateString =
        TimestampKeyOptions.dateString(List.of("yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"), "yyyy/MM/dd")
            .withInputTimeZone(ZoneId.of("America/Los_Angeles"))
            .withOutputTimeZone(ZoneId.of("UTC"));
    List<KeyGeneratorConfig> configs =
        List.of(
            KeyGeneratorConfig.simple("uuid", "city"),
            KeyGeneratorConfig.complex(List.of("uuid", "rider"), List.of("city", "day"))
                .withHiveStylePartitioning(true),
            KeyGeneratorConfig.nonPartitioned(List.of("a.b", "c")).withUrlEncodePartitionPath(true),
            KeyGeneratorConfig.timestampBased(
                "id",
                "ts",
                TimestampKeyOptions.numeric(TimestampType.EPOCHMILLISECONDS, "yyyy/MM/dd")),
            KeyGeneratorConfig.timestampBased(
                "id", "ts", TimestampKeyOptions.scalar(TimeUnit.DAYS, "yyyy-MM")),
            KeyGeneratorConfig.timestampBased("id", "ts", dateString));
    for (KeyGeneratorConfig config : configs) {
      Map<String, String> table = config.toTableProperties();
      assertThat(SettingsReader.tableKeyGenerator(table), equalTo(config));
      assertThat(SettingsReader.tableKeyGenerator(storeAndLoad(table)), equalTo(config));
    }
  }

  @Test
  public void tablePropertiesHaveHudisKeysAndValues() {
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("hoodie.table.recordkey.fields", "id");
    expected.put("hoodie.table.partition.fields", "ts");
    expected.put(
        "hoodie.table.keygenerator.class", "org.apache.hudi.keygen.TimestampBasedKeyGenerator");
    expected.put("hoodie.datasource.write.hive_style_partitioning", "false");
    expected.put("hoodie.datasource.write.partitionpath.urlencode", "true");
    expected.put("hoodie.keygen.timebased.timestamp.type", "DATE_STRING");
    expected.put("hoodie.keygen.timebased.input.dateformat", "yyyy-MM-dd'T'HH:mm:ssZ,yyyy-MM-dd");
    expected.put("hoodie.keygen.timebased.input.timezone", "Asia/Kolkata");
    expected.put("hoodie.keygen.timebased.output.dateformat", "yyyy/MM/dd");
    expected.put("hoodie.keygen.timebased.output.timezone", "UTC");
    KeyGeneratorConfig config =
        KeyGeneratorConfig.timestampBased(
                "id",
                "ts",
                TimestampKeyOptions.dateString(
                        List.of("yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd"), "yyyy/MM/dd")
                    .withInputTimeZone(ZoneId.of("Asia/Kolkata"))
                    .withOutputTimeZone(ZoneId.of("UTC")))
            .withUrlEncodePartitionPath(true);
    assertThat(config.toTableProperties(), equalTo(expected));
  }

  @Test
  public void readsAndReproducesTheKeyGeneratorPropertiesOfGoldenTables() throws IOException {
    KeyGeneratorConfig trips = SettingsReader.tableKeyGenerator(golden("v6_cow_trips"));
    assertThat(trips, equalTo(KeyGeneratorConfig.simple("uuid", "city")));
    KeyGeneratorConfig complex = SettingsReader.tableKeyGenerator(golden("v6_cow_complexkey_hive"));
    assertThat(
        complex,
        equalTo(
            KeyGeneratorConfig.complex(List.of("uuid", "rider"), List.of("city"))
                .withHiveStylePartitioning(true)));
    KeyGeneratorConfig nonPartitioned =
        SettingsReader.tableKeyGenerator(golden("v6_cow_nonpartitioned_cleaned"));
    assertThat(nonPartitioned, equalTo(KeyGeneratorConfig.nonPartitioned(List.of("uuid"))));
    for (String table :
        List.of("v6_cow_trips", "v6_cow_complexkey_hive", "v6_cow_nonpartitioned_cleaned")) {
      Map<String, String> golden = golden(table);
      assertThat(
          table, SettingsReader.tableKeyGenerator(golden).toTableProperties(), equalTo(golden));
    }
  }

  @Test
  public void timestampOptionsReadHudiKeysAliasesAndTheSharedTimeZone() {
    Map<String, String> props = new HashMap<>();
    props.put("hoodie.deltastreamer.keygen.timebased.timestamp.type", "SCALAR");
    props.put("hoodie.keygen.timebased.timestamp.scalar.time.unit", "microseconds");
    props.put("hoodie.keygen.timebased.output.dateformat", "yyyy/MM/dd");
    props.put("hoodie.keygen.timebased.timezone", "GMT+8");
    props.put("hoodie.keygen.timebased.output.timezone", "UTC");
    TimestampKeyOptions options = SettingsReader.timestampKeyOptions(props);
    assertThat(options.timestampType(), equalTo(TimestampType.SCALAR));
    assertThat(options.scalarTimeUnit(), equalTo(TimeUnit.MICROSECONDS));
    assertThat(options.inputTimeZone(), equalTo(Optional.of(ZoneId.of("GMT+8"))));
    assertThat(options.outputTimeZone(), equalTo(Optional.of(ZoneId.of("GMT+8"))));
    assertThat(options.inputDateFormats(), equalTo(List.of()));

    Map<String, String> dates = new HashMap<>();
    dates.put("hoodie.keygen.timebased.timestamp.type", "DATE_STRING");
    dates.put("hoodie.keygen.timebased.input.dateformat", "yyyyMMdd|yyyy-MM-dd");
    dates.put("hoodie.keygen.timebased.input.dateformat.list.delimiter.regex", "\\|");
    dates.put("hoodie.keygen.timebased.output.dateformat", "yyyy/MM/dd");
    TimestampKeyOptions parsed = SettingsReader.timestampKeyOptions(dates);
    assertThat(parsed.inputDateFormats(), equalTo(List.of("yyyyMMdd", "yyyy-MM-dd")));
    assertThat(parsed.inputTimeZone(), equalTo(Optional.empty()));
    assertThat(
        parsed.toProperties().get("hoodie.keygen.timebased.input.dateformat.list.delimiter.regex"),
        equalTo("\\|"));
  }

  @Test
  public void configIsSerializable() throws Exception {
    KeyGeneratorConfig config =
        KeyGeneratorConfig.timestampBased(
            "id",
            "ts",
            TimestampKeyOptions.dateString(List.of("yyyy-MM-dd"), "yyyy/MM/dd")
                .withOutputTimeZone(ZoneId.of("Asia/Tokyo")));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(config);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertThat(in.readObject(), equalTo(config));
    }
  }

  @Test
  public void invalidWriteOptionsNameTheKeyAndTheExpectedForm() {
    assertThat(
        error(Map.of()),
        equalTo(
            "hoodie.datasource.write.recordkey.field is required (comma-separated record key fields), but was absent"));
    assertThat(
        error(Map.of("hoodie.datasource.write.recordkey.field", " , ")),
        equalTo(
            "hoodie.datasource.write.recordkey.field is required (comma-separated record key fields), but was ' , '"));
    assertThat(
        error(
            Map.of(
                "hoodie.datasource.write.recordkey.field",
                "id",
                "hoodie.datasource.write.hive_style_partitioning",
                "yes")),
        equalTo(
            "hoodie.datasource.write.hive_style_partitioning must be true or false, but was 'yes'"));
    assertThat(
        error(
            Map.of(
                "hoodie.datasource.write.recordkey.field",
                "id",
                "hoodie.datasource.write.keygenerator.class",
                "com.acme.MyKeyGen")),
        containsString(
            "hoodie.datasource.write.keygenerator.class=com.acme.MyKeyGen is not a supported key generator;"
                + " expected one of [org.apache.hudi.keygen.SimpleKeyGenerator,"));
    assertThat(
        error(
            Map.of(
                "hoodie.datasource.write.recordkey.field",
                "id,name",
                "hoodie.datasource.write.partitionpath.field",
                "city",
                "hoodie.datasource.write.keygenerator.class",
                "org.apache.hudi.keygen.SimpleKeyGenerator")),
        equalTo(
            "hoodie.table.keygenerator.class=org.apache.hudi.keygen.SimpleKeyGenerator needs exactly one"
                + " record key field and one partition field, but got record key fields [id, name] and partition"
                + " fields [city]; use org.apache.hudi.keygen.ComplexKeyGenerator for several fields"));
    assertThat(
        error(
            Map.of(
                "hoodie.datasource.write.recordkey.field",
                "id",
                "hoodie.datasource.write.partitionpath.field",
                "city",
                "hoodie.datasource.write.keygenerator.class",
                "org.apache.hudi.keygen.NonpartitionedKeyGenerator")),
        equalTo(
            "hoodie.table.keygenerator.class=org.apache.hudi.keygen.NonpartitionedKeyGenerator takes no"
                + " partition fields, but got [city]"));
    assertThat(
        error(Map.of("hoodie.datasource.write.recordkey.field", "a..b")),
        equalTo(
            "record key field 'a..b' is not a field name or dotted path (e.g. 'id' or 'address.city')"));
    assertThat(
        error(
            Map.of(
                "hoodie.datasource.write.recordkey.field",
                "id",
                "hoodie.datasource.write.keygenerator.consistent.logical.timestamp.enabled",
                "true")),
        containsString(
            "consistent.logical.timestamp.enabled must be false (true is not supported: timestamp fields are"
                + " keyed by their raw long value), but was 'true'"));
  }

  @Test
  public void invalidTimestampOptionsNameTheKeyAndTheExpectedForm() {
    Map<String, String> base =
        Map.of(
            "hoodie.datasource.write.recordkey.field", "id",
            "hoodie.datasource.write.partitionpath.field", "ts",
            "hoodie.datasource.write.keygenerator.class",
                "org.apache.hudi.keygen.TimestampBasedKeyGenerator");
    assertThat(
        error(base),
        equalTo(
            "hoodie.keygen.timebased.timestamp.type is required for the"
                + " timestamp-based key generator; expected one of [UNIX_TIMESTAMP, DATE_STRING, EPOCHMILLISECONDS, SCALAR]"));
    assertThat(
        error(with(base, "hoodie.keygen.timebased.timestamp.type", "MIXED")),
        equalTo(
            "hoodie.keygen.timebased.timestamp.type must be one of UNIX_TIMESTAMP, DATE_STRING,"
                + " EPOCHMILLISECONDS, SCALAR, but was 'MIXED'"));
    Map<String, String> millis =
        with(base, "hoodie.keygen.timebased.timestamp.type", "EPOCHMILLISECONDS");
    assertThat(
        error(millis),
        equalTo(
            "hoodie.keygen.timebased.output.dateformat is required for the"
                + " timestamp-based key generator, e.g. yyyy/MM/dd"));
    Map<String, String> withFormat =
        with(millis, "hoodie.keygen.timebased.output.dateformat", "yyyy/MM/dd");
    assertThat(
        error(with(withFormat, "hoodie.keygen.timebased.output.timezone", "Mars/Olympus")),
        equalTo(
            "hoodie.keygen.timebased.output.timezone must be a time zone id (e.g. UTC,"
                + " Asia/Kolkata, GMT+8), but was 'Mars/Olympus'"));
    assertThat(
        error(with(withFormat, "hoodie.keygen.timebased.output.dateformat", "YYYY/ww")),
        equalTo(
            "hoodie.keygen.timebased.output.dateformat=YYYY/ww uses pattern letter 'Y', which is not"
                + " supported; supported letters: GyMdHhkKmsSaED Z and quoted literals"));
    assertThat(
        error(with(withFormat, "hoodie.keygen.timebased.output.dateformat", "yyyy'/MM")),
        equalTo(
            "hoodie.keygen.timebased.output.dateformat=yyyy'/MM has an unterminated quote at index 4"));
    Map<String, String> dates =
        with(withFormat, "hoodie.keygen.timebased.timestamp.type", "DATE_STRING");
    assertThat(
        error(dates),
        equalTo(
            "hoodie.keygen.timebased.input.dateformat is required when hoodie.keygen.timebased.timestamp.type=DATE_STRING"));
    assertThat(
        error(with(dates, "hoodie.keygen.timebased.input.dateformat", "yy-MM-dd")),
        containsString(
            "hoodie.keygen.timebased.input.dateformat=yy-MM-dd uses a two-digit year 'yy'"));
    Map<String, String> scalar =
        with(withFormat, "hoodie.keygen.timebased.timestamp.type", "SCALAR");
    assertThat(
        error(with(scalar, "hoodie.keygen.timebased.timestamp.scalar.time.unit", "fortnights")),
        equalTo(
            "hoodie.keygen.timebased.timestamp.scalar.time.unit must be one of NANOSECONDS, MICROSECONDS,"
                + " MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS, but was 'fortnights'"));
  }

  private static KeyGeneratorType infer(String recordKeys, String partitions) {
    Map<String, String> props = new HashMap<>();
    props.put("hoodie.datasource.write.recordkey.field", recordKeys);
    if (partitions != null) {
      props.put("hoodie.datasource.write.partitionpath.field", partitions);
    }
    return SettingsReader.keyGenerator(props).type();
  }

  private static String error(Map<String, String> props) {
    return assertThrows(HudiTableException.class, () -> SettingsReader.keyGenerator(props))
        .getMessage();
  }

  private static Map<String, String> with(Map<String, String> props, String key, String value) {
    Map<String, String> copy = new HashMap<>(props);
    copy.put(key, value);
    return copy;
  }

  private static Map<String, String> storeAndLoad(Map<String, String> map) {
    try {
      Properties props = new Properties();
      props.putAll(map);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      props.store(out, null);
      Properties loaded = new Properties();
      loaded.load(new ByteArrayInputStream(out.toByteArray()));
      Map<String, String> result = new HashMap<>();
      loaded.stringPropertyNames().forEach(k -> result.put(k, loaded.getProperty(k)));
      return result;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static Map<String, String> golden(String table) throws IOException {
    Properties props = new Properties();
    try (InputStream in =
        KeyGeneratorConfigTest.class.getResourceAsStream(
            "/keygen/" + table + ".keygen.properties")) {
      props.load(in);
    }
    Map<String, String> result = new HashMap<>();
    props.stringPropertyNames().forEach(k -> result.put(k, props.getProperty(k)));
    return result;
  }
}
