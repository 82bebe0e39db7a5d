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
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.junit.Assert.fail;

import io.hudibeam.settings.SettingsReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TimeZone;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.config.TypedProperties;
import org.apache.hudi.keygen.BaseKeyGenerator;
import org.apache.hudi.keygen.ComplexAvroKeyGenerator;
import org.apache.hudi.keygen.NonpartitionedAvroKeyGenerator;
import org.apache.hudi.keygen.SimpleAvroKeyGenerator;
import org.apache.hudi.keygen.TimestampBasedAvroKeyGenerator;
import org.junit.Assume;
import org.junit.Test;

/**
 * For many records and configurations, {@link KeyGenerator#keyOf} equals what Hudi 0.15's own Avro
 * key generators compute for the same record and the same write options; where Hudi rejects a
 * record, we reject it too.
 */
public class KeyGeneratorConformanceTest {
  private static final Schema DECIMAL_BYTES =
      LogicalTypes.decimal(10, 2).addToSchema(Schema.create(Schema.Type.BYTES));
  private static final Schema DECIMAL_FIXED =
      LogicalTypes.decimal(12, 3).addToSchema(Schema.createFixed("dec_fixed", null, "test", 8));
  private static final Schema DATE =
      LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
  private static final Schema TIMESTAMP_MILLIS =
      LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
  private static final Schema ADDRESS =
      SchemaBuilder.record("address")
          .fields()
          .optionalString("city")
          .requiredInt("zip")
          .name("geo")
          .type()
          .optional()
          .record("geo")
          .fields()
          .requiredString("region")
          .optionalLong("cell")
          .endRecord()
          .endRecord();
  private static final Schema SCHEMA =
      SchemaBuilder.record("row")
          .namespace("test")
          .fields()
          .requiredString("id")
          .optionalString("name")
          .requiredInt("intField")
          .requiredLong("longField")
          .optionalDouble("doubleField")
          .requiredBoolean("boolField")
          .name("color")
          .type()
          .enumeration("color")
          .symbols("RED", "GREEN")
          .noDefault()
          .name("day")
          .type()
          .unionOf()
          .nullType()
          .and()
          .type(DATE)
          .endUnion()
          .nullDefault()
          .name("amount")
          .type()
          .unionOf()
          .nullType()
          .and()
          .type(DECIMAL_BYTES)
          .endUnion()
          .nullDefault()
          .name("price")
          .type(DECIMAL_FIXED)
          .noDefault()
          .name("eventTime")
          .type()
          .unionOf()
          .nullType()
          .and()
          .type(TIMESTAMP_MILLIS)
          .endUnion()
          .nullDefault()
          .optionalString("dateStr")
          .optionalString("offsetDateStr")
          .name("address")
          .type()
          .unionOf()
          .nullType()
          .and()
          .type(ADDRESS)
          .endUnion()
          .nullDefault()
          .endRecord();

  private static final String[] TEXTS = {
    "plain", "a/b:c", "x=y?z", "100%", "with space", "quote\"s'", "tab\tnew\nline", "{[]}^*#\\",
    "caf\u00e9", "\u65e5\u672c", "", "__null__", "a,b", "k:v,k2:v2", "\u007f", "-"
  };

  private final List<GenericRecord> records = records(400);

  @Test
  public void simpleKeyGeneratorOnEveryFieldKind() {
    String[] partitionFields = {
      "name",
      "intField",
      "longField",
      "doubleField",
      "boolField",
      "color",
      "day",
      "amount",
      "price",
      "eventTime",
      "address.city",
      "address.zip",
      "address.geo.region",
      "address.geo.cell"
    };
    int compared = 0;
    String[] recordKeys = {"id", "name", "day", "amount", "address.city", "price"};
    for (int i = 0; i < partitionFields.length; i++) {
      for (int flags = 0; flags < 4; flags++) {
        Map<String, String> props =
            props(
                recordKeys[(i + flags) % recordKeys.length],
                partitionFields[i],
                flags / 2 == 1,
                flags % 2 == 1);
        props.put(
            KeyGeneratorConfig.KEY_GENERATOR_CLASS, "org.apache.hudi.keygen.SimpleKeyGenerator");
        compared += compare(props, new SimpleAvroKeyGenerator(typed(props)));
      }
    }
    assertThat(compared, equalTo(partitionFields.length * 4 * records.size()));
  }

  @Test
  public void complexKeyGeneratorWithSeveralAndSingleFields() {
    List<String[]> keyAndPartition =
        List.of(
            new String[] {"id,name", "name,intField"},
            new String[] {"name,amount,day", "address.city,color,day"},
            new String[] {"name", "amount"},
            new String[] {"address.city,address.geo.cell", "address.geo.region"},
            new String[] {"id", "name,address.city"},
            new String[] {"name,dateStr", ""},
            new String[] {"intField, longField", "price ,doubleField"});
    int compared = 0;
    for (String[] fields : keyAndPartition) {
      for (boolean hive : new boolean[] {false, true}) {
        for (boolean encode : new boolean[] {false, true}) {
          Map<String, String> props = props(fields[0], fields[1], hive, encode);
          props.put(
              KeyGeneratorConfig.KEY_GENERATOR_CLASS, "org.apache.hudi.keygen.ComplexKeyGenerator");
          compared += compare(props, new ComplexAvroKeyGenerator(typed(props)));
        }
      }
    }
    assertThat(compared, greaterThan(10_000));
  }

  @Test
  public void nonPartitionedKeyGenerator() {
    for (String keys : new String[] {"id", "name", "id,name,day", "name,address.city"}) {
      Map<String, String> props = props(keys, "");
      props.put(
          KeyGeneratorConfig.KEY_GENERATOR_CLASS,
          "org.apache.hudi.keygen.NonpartitionedKeyGenerator");
      compare(props, new NonpartitionedAvroKeyGenerator(typed(props)));
    }
  }

  @Test
  public void timestampBasedEpochMillisWithOutputZone() throws IOException {
    Map<String, String> props = props("id", "longField");
    timestamp(props, "EPOCHMILLISECONDS", "yyyy/MM/dd");
    props.put(TimestampKeyOptions.OUTPUT_TIMEZONE, "Asia/Kolkata");
    compare(props, new TimestampBasedAvroKeyGenerator(typed(props)));

    props.put(TimestampKeyOptions.OUTPUT_DATE_FORMAT, "yyyy-MM-dd HH:mm:ss.SSS");
    props.put(TimestampKeyOptions.OUTPUT_TIMEZONE, "America/New_York");
    props.put(KeyGeneratorConfig.URL_ENCODE_PARTITION_PATH, "true");
    props.put(KeyGeneratorConfig.HIVE_STYLE_PARTITIONING, "true");
    compare(props, new TimestampBasedAvroKeyGenerator(typed(props)));

    Map<String, String> nullable = props("id", "eventTime");
    timestamp(nullable, "EPOCHMILLISECONDS", "yyyy/MM/dd/HH");
    nullable.put(TimestampKeyOptions.TIMEZONE, "GMT+8");
    compare(nullable, new TimestampBasedAvroKeyGenerator(typed(nullable)));
  }

  @Test
  public void timestampBasedUnixTimestampAndScalar() throws IOException {
    Map<String, String> unix = withHiveStylePartitioning(props("id", "intField"));
    timestamp(unix, "UNIX_TIMESTAMP", "yyyyMMddHH");
    unix.put(TimestampKeyOptions.OUTPUT_TIMEZONE, "UTC");
    compare(unix, new TimestampBasedAvroKeyGenerator(typed(unix)));

    Map<String, String> scalarDays = props("name", "day");
    timestamp(scalarDays, "SCALAR", "yyyy/MM");
    scalarDays.put(TimestampKeyOptions.SCALAR_TIME_UNIT, "days");
    scalarDays.put(TimestampKeyOptions.OUTPUT_TIMEZONE, "Europe/Paris");
    compare(scalarDays, new TimestampBasedAvroKeyGenerator(typed(scalarDays)));

    Map<String, String> scalarDecimal = props("id", "amount");
    timestamp(scalarDecimal, "SCALAR", "yyyy-MM-dd");
    scalarDecimal.put(TimestampKeyOptions.SCALAR_TIME_UNIT, "HOURS");
    scalarDecimal.put(TimestampKeyOptions.OUTPUT_TIMEZONE, "UTC");
    compare(scalarDecimal, new TimestampBasedAvroKeyGenerator(typed(scalarDecimal)));

    Map<String, String> doubles = props("id", "doubleField");
    timestamp(doubles, "UNIX_TIMESTAMP", "yyyy/MM/dd");
    doubles.put(TimestampKeyOptions.OUTPUT_TIMEZONE, "Pacific/Auckland");
    compare(doubles, new TimestampBasedAvroKeyGenerator(typed(doubles)));
  }

  @Test
  public void timestampBasedDateStringWithZones() throws IOException {
    Map<String, String> props = props("id", "dateStr");
    timestamp(props, "DATE_STRING", "yyyy/MM/dd");
    props.put(TimestampKeyOptions.INPUT_DATE_FORMAT, "yyyy-MM-dd HH:mm:ss");
    props.put(TimestampKeyOptions.INPUT_TIMEZONE, "America/Los_Angeles");
    props.put(TimestampKeyOptions.OUTPUT_TIMEZONE, "UTC");
    compare(props, new TimestampBasedAvroKeyGenerator(typed(props)));

    props.put(TimestampKeyOptions.OUTPUT_DATE_FORMAT, "yyyy-MM-dd'T'HH");
    props.put(TimestampKeyOptions.OUTPUT_TIMEZONE, "Asia/Tokyo");
    props.put(KeyGeneratorConfig.HIVE_STYLE_PARTITIONING, "true");
    compare(props, new TimestampBasedAvroKeyGenerator(typed(props)));

    Map<String, String> offsets = withUrlEncodedPartitionPath(props("id", "offsetDateStr"));
    timestamp(offsets, "DATE_STRING", "yyyy/MM/dd/HH:mm Z");
    offsets.put(TimestampKeyOptions.INPUT_DATE_FORMAT, "yyyy-MM-dd'T'HH:mm:ssZ,yyyy-MM-dd");
    offsets.put(TimestampKeyOptions.INPUT_TIMEZONE, "Asia/Kolkata");
    compare(offsets, new TimestampBasedAvroKeyGenerator(typed(offsets)));

    offsets.put(TimestampKeyOptions.INPUT_DATE_FORMAT, "yyyy-MM-dd'T'HH:mm:ssZZ;yyyy-MM-dd");
    offsets.put(TimestampKeyOptions.INPUT_DATE_FORMAT_DELIMITER, ";");
    offsets.put(TimestampKeyOptions.OUTPUT_TIMEZONE, "UTC");
    compare(offsets, new TimestampBasedAvroKeyGenerator(typed(offsets)));
  }

  @Test
  public void timestampBasedDateStringTakesTheOffsetOfTheValueWithoutZonesConfigured()
      throws IOException {
    // Hudi uses the JVM default zone where none is configured and the value has no offset; we use
    // UTC, so the two agree only when the JVM runs in UTC.
    Assume.assumeTrue(
        TimeZone.getDefault().getRawOffset() == 0 && !TimeZone.getDefault().useDaylightTime());
    Map<String, String> offsets = props("id", "offsetDateStr");
    timestamp(offsets, "DATE_STRING", "yyyy/MM/dd HH ZZ");
    offsets.put(TimestampKeyOptions.INPUT_DATE_FORMAT, "yyyy-MM-dd'T'HH:mm:ssZ,yyyy-MM-dd");
    compare(offsets, new TimestampBasedAvroKeyGenerator(typed(offsets)));

    Map<String, String> millis = props("id", "longField");
    timestamp(millis, "EPOCHMILLISECONDS", "yyyy/MM/dd");
    compare(millis, new TimestampBasedAvroKeyGenerator(typed(millis)));
  }

  @Test
  public void partitionPathEscapingMatchesHudiForEveryAsciiAndSomeOtherChars() {
    for (char c = 0; c < 300; c++) {
      String value = "v" + c + "w";
      assertThat(
          "char " + (int) c,
          PartitionPathEncoding.escape(value),
          equalTo(org.apache.hudi.common.util.PartitionPathEncodeUtils.escapePathName(value)));
      assertThat(
          PartitionPathEncoding.unescape(PartitionPathEncoding.escape(value)), equalTo(value));
    }
  }

  /** Compares every record; returns the number of comparisons made. */
  private int compare(Map<String, String> props, BaseKeyGenerator hudi) {
    KeyGenerator ours = KeyGenerator.of(SettingsReader.keyGenerator(props));
    int count = 0;
    for (GenericRecord record : records) {
      String hudiKey;
      String hudiPartition;
      try {
        hudiKey = hudi.getRecordKey(record);
        hudiPartition = hudi.getPartitionPath(record);
      } catch (RuntimeException hudiError) {
        try {
          HoodieKey key = ours.keyOf(record);
          fail(
              "Hudi rejects "
                  + record
                  + " with "
                  + props
                  + " ("
                  + hudiError
                  + ") but we gave "
                  + key);
        } catch (InvalidRecordException expected) {
          count++;
        }
        continue;
      }
      HoodieKey key;
      try {
        key = ours.keyOf(record);
      } catch (UnsafePartitionPathException e) {
        // Deliberate deviation (PartitionPathSafetyTest): Hudi writes this value into a folder that
        // is not safe, or that nests deeper than the key generator's partition fields, or that its
        // readers do not read back as written (an empty value, a '%' escape without URL encoding).
        assertThat(
            props + " " + record + ": " + e.getMessage() + " but Hudi's path is safe",
            unsafe(hudiPartition, props) || notReadBackAsWritten(record, props),
            equalTo(true));
        count++;
        continue;
      } catch (InvalidRecordException e) {
        throw new AssertionError(
            "we reject "
                + record
                + " with "
                + props
                + " but Hudi gave "
                + hudiKey
                + " / "
                + hudiPartition,
            e);
      }
      assertThat(props + " " + record, key.recordKey(), equalTo(hudiKey));
      assertThat(props + " " + record, key.partitionPath(), equalTo(hudiPartition));
      count++;
    }
    return count;
  }

  /**
   * Whether Hudi's partition path has an unsafe folder or more folders than the key generator
   * defines.
   */
  private static boolean unsafe(String hudiPartition, Map<String, String> props) {
    String className = props.getOrDefault(KeyGeneratorConfig.KEY_GENERATOR_CLASS, "");
    int depth =
        className.contains("Timestamp")
            ? props.get(TimestampKeyOptions.OUTPUT_DATE_FORMAT).split("/", -1).length
            : SettingsReader.keyGenerator(props).partitionFields().size();
    String[] folders = hudiPartition.split("/", -1);
    return folders.length != depth
        || Arrays.stream(folders)
            .anyMatch(f -> PartitionPathSafety.folderNameProblem(f).isPresent());
  }

  /**
   * Whether a partition field's value would not be read back as written from Hudi's folder: the
   * empty string (written as {@code __HIVE_DEFAULT_PARTITION__}, read as NULL), or a {@code %}
   * escape when the table does not URL-encode partition values.
   */
  private static boolean notReadBackAsWritten(GenericRecord record, Map<String, String> props) {
    KeyGeneratorConfig config = SettingsReader.keyGenerator(props);
    for (String field : config.partitionFields()) {
      String value = FieldValues.string(record, field, PartitionPathFunction.ROLE);
      if (value != null
          && (value.isEmpty()
              || (!config.urlEncodePartitionPath() && PartitionPathSafety.holdsEscape(value)))) {
        return true;
      }
    }
    return false;
  }

  /** Key generator properties: plain partition folders, no URL encoding. */
  private static Map<String, String> props(String recordKey, String partition) {
    return props(recordKey, partition, false, false);
  }

  private static Map<String, String> withHiveStylePartitioning(Map<String, String> props) {
    props.put(KeyGeneratorConfig.HIVE_STYLE_PARTITIONING, "true");
    return props;
  }

  private static Map<String, String> withUrlEncodedPartitionPath(Map<String, String> props) {
    props.put(KeyGeneratorConfig.URL_ENCODE_PARTITION_PATH, "true");
    return props;
  }

  private static Map<String, String> props(
      String recordKey, String partition, boolean hive, boolean encode) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put(KeyGeneratorConfig.RECORD_KEY_FIELD, recordKey);
    props.put(KeyGeneratorConfig.PARTITION_PATH_FIELD, partition);
    props.put(KeyGeneratorConfig.HIVE_STYLE_PARTITIONING, Boolean.toString(hive));
    props.put(KeyGeneratorConfig.URL_ENCODE_PARTITION_PATH, Boolean.toString(encode));
    return props;
  }

  private static void timestamp(Map<String, String> props, String type, String outputFormat) {
    props.put(
        KeyGeneratorConfig.KEY_GENERATOR_CLASS,
        "org.apache.hudi.keygen.TimestampBasedKeyGenerator");
    props.put(TimestampKeyOptions.TIMESTAMP_TYPE, type);
    props.put(TimestampKeyOptions.OUTPUT_DATE_FORMAT, outputFormat);
  }

  private static TypedProperties typed(Map<String, String> props) {
    TypedProperties typed = new TypedProperties();
    typed.putAll(props);
    return typed;
  }

  private static List<GenericRecord> records(int count) {
    Random random = new Random(20240601L);
    Conversions.DecimalConversion decimals = new Conversions.DecimalConversion();
    List<GenericRecord> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      GenericData.Record r = new GenericData.Record(SCHEMA);
      r.put("id", i % 50 == 7 ? "" : "id-" + i);
      r.put("name", i % 11 == 3 ? null : TEXTS[random.nextInt(TEXTS.length)]);
      r.put("intField", i % 9 == 0 ? 0 : random.nextInt() / (1 + i % 4));
      r.put("longField", longValue(random, i));
      r.put("doubleField", i % 13 == 0 ? null : random.nextDouble() * 2e9 - 1e9);
      r.put("boolField", random.nextBoolean());
      r.put(
          "color",
          new GenericData.EnumSymbol(
              SCHEMA.getField("color").schema(), i % 2 == 0 ? "RED" : "GREEN"));
      r.put("day", i % 7 == 0 ? null : random.nextInt(40000) - 10000);
      r.put(
          "amount",
          i % 5 == 0
              ? null
              : decimals.toBytes(
                  BigDecimal.valueOf(random.nextInt(2_000_000) - 1_000_000, 2),
                  DECIMAL_BYTES,
                  DECIMAL_BYTES.getLogicalType()));
      BigDecimal price =
          BigDecimal.valueOf(random.nextLong() % 1_000_000_000L, 3)
              .setScale(3, RoundingMode.UNNECESSARY);
      r.put("price", decimals.toFixed(price, DECIMAL_FIXED, DECIMAL_FIXED.getLogicalType()));
      r.put("eventTime", i % 6 == 0 ? null : longValue(random, i));
      r.put(
          "dateStr",
          i % 8 == 0
              ? null
              : String.format(
                  "%04d-%02d-%02d %02d:%02d:%02d",
                  1990 + random.nextInt(50),
                  1 + random.nextInt(12),
                  1 + random.nextInt(28),
                  random.nextInt(24),
                  random.nextInt(60),
                  random.nextInt(60)));
      r.put("offsetDateStr", offsetDate(random, i));
      r.put("address", address(random, i));
      out.add(r);
    }
    return out;
  }

  private static long longValue(Random random, int i) {
    switch (i % 5) {
      case 0:
        return 1_700_000_000_000L + random.nextInt(1_000_000_000);
      case 1:
        return -random.nextInt(1_000_000_000) * 1000L;
      case 2:
        return 1_711_929_600_000L - 1 + (i % 3); // around midnight UTC, 2024-04-01
      case 3:
        return 0L;
      default:
        return random.nextLong() % 4_000_000_000_000L;
    }
  }

  private static String offsetDate(Random random, int i) {
    if (i % 10 == 0) {
      return null;
    }
    String date =
        String.format(
            "%04d-%02d-%02d",
            2000 + random.nextInt(30), 1 + random.nextInt(12), 1 + random.nextInt(28));
    if (i % 4 == 0) {
      return date;
    }
    String[] offsets = {"+0530", "-0800", "+0000", "Z", "+1245"};
    return String.format(
        "%sT%02d:%02d:%02d%s",
        date,
        random.nextInt(24),
        random.nextInt(60),
        random.nextInt(60),
        offsets[random.nextInt(offsets.length)]);
  }

  private static GenericRecord address(Random random, int i) {
    if (i % 9 == 4) {
      return null;
    }
    GenericData.Record address = new GenericData.Record(ADDRESS);
    address.put("city", i % 12 == 1 ? null : TEXTS[random.nextInt(TEXTS.length)]);
    address.put("zip", random.nextInt(99999));
    if (i % 3 != 0) {
      GenericData.Record geo =
          new GenericData.Record(ADDRESS.getField("geo").schema().getTypes().get(1));
      geo.put("region", i % 7 == 2 ? "" : "region/" + (i % 4));
      geo.put("cell", i % 5 == 1 ? null : (long) random.nextInt());
      address.put("geo", geo);
    }
    return address;
  }
}
