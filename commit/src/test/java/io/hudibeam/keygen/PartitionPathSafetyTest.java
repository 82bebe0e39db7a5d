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
import static org.junit.Assert.assertThrows;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.Test;

/**
 * Every partition value that would not be one safe folder under the base path is refused per
 * record, naming the record key, the field, the value and the remedy; with URL encoding the same
 * values are encoded into safe folders; nesting the key generator defines (several fields, a
 * timestamp output format) keeps working.
 */
public class PartitionPathSafetyTest {
  private static final Schema SCHEMA =
      SchemaBuilder.record("row")
          .fields()
          .requiredString("id")
          .optionalString("p")
          .optionalString("q")
          .optionalLong("ts")
          .endRecord();

  private static final String ENCODE =
      "Set withUrlEncodePartitionPath(true) (hoodie.datasource.write.partitionpath.urlencode=true) when"
          + " creating the table to URL-encode partition values, or clean the value before the write";
  private static final String SLASH =
      "the value holds '/', which would nest partition folders; Hudi's readers do not read a partition inside"
          + " another, and a field value is one folder (use several partition fields with the complex key"
          + " generator for nested partitions)";
  private static final String DOT =
      "'.' is the base path itself; the partition's files and partition metadata would land among the table's"
          + " own folders";
  private static final String DOTDOT =
      "'..' is the parent folder; the files would be written outside the table";
  private static final String HIDDEN =
      "a folder name starting with '.' is hidden ('.hoodie' is the table's metadata folder; partition listings"
          + " skip hidden folders), so readers would not see the rows";
  private static final String COLON =
      "':' is not allowed in HDFS names, and Hadoop reads a leading 'x:' as a URI scheme";

  /** value → (problem without encoding or null, folder with URL encoding or null when refused). */
  private static final Object[][] CASES = {
    {".", DOT, "%2E"},
    {"..", DOTDOT, "%2E."},
    {"../../escaped", SLASH, "%2E.%2F..%2Fescaped"},
    {".hoodie", HIDDEN, "%2Ehoodie"},
    {".hidden", HIDDEN, "%2Ehidden"},
    {"a/b", SLASH, "a%2Fb"},
    {"a//b", SLASH, "a%2F%2Fb"},
    {"/a", SLASH, "%2Fa"},
    {"a/", SLASH, "a%2F"},
    {"12:30", COLON, "12%3A30"},
    {"tab\there", "it holds the control character 0x09", "tab%09here"},
    {"del\u007f", "it holds the control character 0x7F", "del%7F"},
    {
      "x".repeat(256),
      "the folder name is 256 bytes in UTF-8, over the 255 file systems allow",
      null
    },
    {
      "\u00e9".repeat(128),
      "the folder name is 256 bytes in UTF-8, over the 255 file systems allow",
      null
    },
    // safe: kept as they are (encoded only where Hudi's escaping encodes)
    {"New York", null, "New York"},
    {"S\u00e3o Paulo \u65e5\u672c", null, "S\u00e3o Paulo \u65e5\u672c"},
    {"a.b", null, "a.b"},
    {"a..", null, "a.."},
    {"2.5", null, "2.5"},
    {"x".repeat(255), null, "x".repeat(255)},
    {"50%", null, "50%25"},
    {"__HIVE_DEFAULT_PARTITION__", null, "__HIVE_DEFAULT_PARTITION__"},
  };

  @Test
  public void simpleKeyGeneratorRefusesOrEncodesEachValue() {
    for (Object[] c : CASES) {
      String value = (String) c[0];
      GenericRecord r = record("k1", value, "q");
      KeyGeneratorConfig plain = KeyGeneratorConfig.simple("id", "p");
      if (c[1] == null) {
        assertThat(value, key(plain, r).partitionPath(), equalTo(value));
      } else {
        assertThat(
            value,
            refusal(plain, r),
            equalTo(
                String.format(
                    "record key 'k1': partition field 'p' value '%s' gives partition folder '%s', which is not safe: %s."
                        + " %s; record: %s",
                    shorten(value),
                    shorten(value),
                    c[1],
                    c[1].toString().startsWith("the folder name is")
                        ? "Shorten or clean the value, or partition by a field derived from it"
                        : ENCODE,
                    r)));
      }
      KeyGeneratorConfig encoded = plain.withUrlEncodePartitionPath(true);
      if (c[2] == null) {
        assertThat(
            value,
            refusal(encoded, r),
            equalTo(
                String.format(
                    "record key 'k1': partition field 'p' value '%s' gives partition folder '%s', which is not safe: %s."
                        + " Shorten or clean the value, or partition by a field derived from it; record: %s",
                    shorten(value), shorten(value), c[1], r)));
      } else {
        String folder = (String) c[2];
        assertThat(value, key(encoded, r).partitionPath(), equalTo(folder));
        assertThat(
            "Hudi's decoding gives the value back",
            PartitionPathEncoding.unescape(folder),
            equalTo(value));
      }
    }
  }

  @Test
  public void hiveStyleFoldersStartWithTheFieldNameSoOnlySlashesColonsAndLengthMatter() {
    KeyGeneratorConfig hive = KeyGeneratorConfig.simple("id", "p").withHiveStylePartitioning(true);
    assertThat(key(hive, record("k", ".", "q")).partitionPath(), equalTo("p=."));
    assertThat(key(hive, record("k", "..", "q")).partitionPath(), equalTo("p=.."));
    assertThat(key(hive, record("k", ".hoodie", "q")).partitionPath(), equalTo("p=.hoodie"));
    assertThat(
        key(hive.withUrlEncodePartitionPath(true), record("k", ".hoodie", "q")).partitionPath(),
        equalTo("p=.hoodie"));
    GenericRecord nested = record("k", "a/b", "q");
    assertThat(
        refusal(hive, nested),
        equalTo(
            "record key 'k': partition field 'p' value 'a/b' gives partition"
                + " folder 'p=a/b', which is not safe: "
                + SLASH
                + ". "
                + ENCODE
                + "; record: "
                + nested));
    assertThat(
        key(hive.withUrlEncodePartitionPath(true), nested).partitionPath(), equalTo("p=a%2Fb"));
  }

  @Test
  public void complexKeyGeneratorNestsOneFolderPerFieldAndChecksEachValue() {
    KeyGeneratorConfig complex = KeyGeneratorConfig.complex(List.of("id"), List.of("p", "q"));
    assertThat(key(complex, record("k", "a", "b")).partitionPath(), equalTo("a/b"));
    assertThat(
        key(complex, record("k", null, null)).partitionPath(),
        equalTo("__HIVE_DEFAULT_PARTITION__/__HIVE_DEFAULT_PARTITION__"));
    GenericRecord r = record("k", "a", "..");
    assertThat(
        refusal(complex, r),
        equalTo(
            "record key 'k': partition field 'q' value '..' gives partition folder"
                + " '..', which is not safe: "
                + DOTDOT
                + ". "
                + ENCODE
                + "; record: "
                + r));
    GenericRecord deeper = record("k", "a", "b/c");
    assertThat(
        refusal(complex, deeper),
        equalTo(
            "record key 'k': partition field 'q' value 'b/c' gives partition"
                + " folder 'b/c', which is not safe: "
                + SLASH
                + ". "
                + ENCODE
                + "; record: "
                + deeper));
    assertThat(
        key(complex.withUrlEncodePartitionPath(true), deeper).partitionPath(), equalTo("a/b%2Fc"));
  }

  @Test
  public void timestampOutputFormatsMayNestButEveryFolderIsChecked() {
    GenericRecord r = record("k", "x", "y");
    r.put("ts", 1711929599999L);
    KeyGeneratorConfig days =
        KeyGeneratorConfig.timestampBased(
            "id",
            "ts",
            TimestampKeyOptions.numeric(TimestampType.EPOCHMILLISECONDS, "yyyy/MM/dd")
                .withOutputTimeZone(ZoneId.of("UTC")));
    assertThat(key(days, r).partitionPath(), equalTo("2024/03/31"));
    assertThat(
        key(days.withHiveStylePartitioning(true), r).partitionPath(), equalTo("ts=2024/03/31"));
    KeyGeneratorConfig minutes =
        KeyGeneratorConfig.timestampBased(
            "id",
            "ts",
            TimestampKeyOptions.numeric(TimestampType.EPOCHMILLISECONDS, "yyyy-MM-dd HH:mm")
                .withOutputTimeZone(ZoneId.of("UTC")));
    assertThat(
        refusal(minutes, r),
        equalTo(
            "record key 'k': partition field 'ts' value '1711929599999' gives"
                + " partition folder '2024-03-31 23:59', which is not safe: "
                + COLON
                + ". "
                + ENCODE
                + "; record: "
                + r));
    assertThat(
        key(minutes.withUrlEncodePartitionPath(true), r).partitionPath(),
        equalTo("2024-03-31 23%3A59"));
  }

  @Test
  public void theRecordKeyIsCheckedFirstAndNullPartitionValuesGoToTheDefaultPartition() {
    GenericRecord noKey = record("", "..", "q");
    assertThat(
        refusal(KeyGeneratorConfig.simple("id", "p"), noKey),
        equalTo(
            "record key field 'id' is empty, but a record key must be non-empty; record: "
                + noKey));
    assertThat(
        key(KeyGeneratorConfig.simple("id", "p"), record("k", null, "q")).partitionPath(),
        equalTo("__HIVE_DEFAULT_PARTITION__"));
  }

  @Test
  public void valuesThatWouldNotBeReadBackAsWrittenAreRefused() {
    GenericRecord empty = record("k", "", "q");
    assertThat(
        refusal(KeyGeneratorConfig.simple("id", "p"), empty),
        equalTo(
            "record key 'k': partition field 'p' value is the empty string, which Hudi writes to"
                + " the folder '__HIVE_DEFAULT_PARTITION__', as a null, and its readers return as"
                + " NULL: the value would not come back as written. Write null for a missing value"
                + " (read back as NULL), or a non-empty value; record: "
                + empty));
    GenericRecord escape = record("k", "a%2Fb", "q");
    assertThat(
        refusal(KeyGeneratorConfig.simple("id", "p"), escape),
        equalTo(
            "record key 'k': partition field 'p' value 'a%2Fb' gives partition folder 'a%2Fb',"
                + " which is not safe: the value holds a '%' escape ('%' and two hexadecimal"
                + " digits), which Hudi's and Spark's readers decode from the folder name (the"
                + " folder '%2F' reads back as '/'), so the value would not come back as written. "
                + ENCODE
                + "; record: "
                + escape));
    assertThat(
        "URL-encoded, the '%' itself is escaped and comes back",
        key(KeyGeneratorConfig.simple("id", "p").withUrlEncodePartitionPath(true), escape)
            .partitionPath(),
        equalTo("a%252Fb"));
    assertThat(
        "a '%' without two hexadecimal digits is no escape",
        key(KeyGeneratorConfig.simple("id", "p"), record("k", "100%", "q")).partitionPath(),
        equalTo("100%"));
    assertThat(PartitionPathSafety.holdsEscape("%zz%4"), equalTo(false));
    assertThat(PartitionPathSafety.holdsEscape("x%4a"), equalTo(true));
  }

  @Test
  public void folderNameProblemsByRule() {
    List<String> safe = new ArrayList<>();
    for (String name :
        List.of("a", "a.b", "x=.", "__HIVE_DEFAULT_PARTITION__", "caf\u00e9", "a b", "-", "_x")) {
      if (PartitionPathSafety.folderNameProblem(name).isEmpty()) {
        safe.add(name);
      }
    }
    assertThat(
        safe,
        equalTo(
            List.of(
                "a", "a.b", "x=.", "__HIVE_DEFAULT_PARTITION__", "caf\u00e9", "a b", "-", "_x")));
    assertThat(
        PartitionPathSafety.folderNameProblem(""),
        equalTo(Optional.of("it has an empty folder name")));
    assertThat(
        PartitionPathSafety.folderNameProblem(".hoodie_partition_metadata"),
        equalTo(Optional.of(HIDDEN)));
    assertThat(
        PartitionPathSafety.folderNameProblem("a\u0000"),
        equalTo(Optional.of("it holds the control character 0x00")));
  }

  private static String shorten(String text) {
    return text.length() <= 120
        ? text
        : text.substring(0, 120) + "...(" + text.length() + " chars)";
  }

  private static HoodieKey key(KeyGeneratorConfig config, GenericRecord record) {
    return KeyGenerator.of(config).keyOf(record);
  }

  private static String refusal(KeyGeneratorConfig config, GenericRecord record) {
    return assertThrows(InvalidRecordException.class, () -> KeyGenerator.of(config).keyOf(record))
        .getMessage();
  }

  private static GenericRecord record(String id, String p, String q) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("id", id);
    r.put("p", p);
    r.put("q", q);
    return r;
  }
}
