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

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;

/**
 * Which partition folder names are safe, and the error for a record whose partition value is not.
 *
 * <p>A partition path is one or more folder names joined by {@code /}. Each name must be non-empty,
 * not {@code .} or {@code ..}, not start with {@code .} (hidden: {@code .hoodie} is the metadata
 * folder, and this writer's partition listing, like Spark's, skips hidden folders), hold no {@code
 * :} (HDFS refuses it; Hadoop's {@code Path} reads a leading {@code x:} as a URI scheme) and no
 * control character, and be at most {@value #MAX_FOLDER_NAME_BYTES} bytes in UTF-8 (the limit of
 * ext4, XFS and HDFS's default {@code dfs.namenode.fs-limits.max-component-length}).
 *
 * <p>A field value is one folder: a {@code /} in it would nest partition folders, and Hudi's
 * readers stop descending at the first folder holding partition metadata, so rows of {@code a/b}
 * next to a partition {@code a} are not read. Nesting is meant only where the key generator defines
 * the depth: one folder per field for the complex generator, and the output format of the
 * timestamp-based one (e.g. {@code yyyy/MM/dd}).
 */
public final class PartitionPathSafety {
  /** The longest folder name, in UTF-8 bytes, most file systems accept. */
  public static final int MAX_FOLDER_NAME_BYTES = 255;

  private static final String ENCODE_REMEDY =
      "Set withUrlEncodePartitionPath(true) ("
          + KeyGeneratorConfig.URL_ENCODE_PARTITION_PATH
          + "=true) when creating the table to URL-encode partition values, or clean the value"
          + " before the write";

  private PartitionPathSafety() {}

  /** Why {@code name} is not a safe partition folder name, or empty when it is. */
  public static Optional<String> folderNameProblem(String name) {
    if (name.isEmpty()) {
      return Optional.of("it has an empty folder name");
    }
    if (name.equals(".")) {
      return Optional.of(
          "'.' is the base path itself; the partition's files and partition metadata would land"
              + " among the table's own folders");
    }
    if (name.equals("..")) {
      return Optional.of("'..' is the parent folder; the files would be written outside the table");
    }
    if (name.charAt(0) == '.') {
      return Optional.of(
          "a folder name starting with '.' is hidden ('.hoodie' is the table's metadata folder;"
              + " partition listings skip hidden folders), so readers would not see the rows");
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == ':') {
        return Optional.of(
            "':' is not allowed in HDFS names, and Hadoop reads a leading 'x:' as a URI scheme");
      }
      if (c < ' ' || c == 0x7F) {
        return Optional.of(String.format("it holds the control character 0x%02X", (int) c));
      }
    }
    int bytes = name.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > MAX_FOLDER_NAME_BYTES) {
      return Optional.of(
          String.format(
              "the folder name is %d bytes in UTF-8, over the %d file systems allow",
              bytes, MAX_FOLDER_NAME_BYTES));
    }
    return Optional.empty();
  }

  /**
   * The folder name for one partition field value: the value (URL-encoded when {@code urlEncode},
   * and then a leading {@code .} encoded as {@code %2E} too unless the folder starts with {@code
   * field=}; Hudi's decoding reverses it), prefixed by {@code field=} when {@code hiveStyle}.
   *
   * @throws UnsafePartitionPathException when the folder name is not safe
   */
  static String fieldFolder(
      String recordKey,
      String field,
      String value,
      boolean hiveStyle,
      boolean urlEncode,
      GenericRecord record) {
    String encoded = value;
    if (urlEncode) {
      encoded = PartitionPathEncoding.escape(value);
      if (!hiveStyle && encoded.startsWith(".")) {
        encoded = "%2E" + encoded.substring(1);
      }
    }
    String folder = hiveStyle ? field + "=" + encoded : encoded;
    if (!urlEncode && holdsEscape(value)) {
      throw unsafe(
          recordKey,
          field,
          value,
          folder,
          "the value holds a '%' escape ('%' and two hexadecimal digits), which Hudi's and Spark's"
              + " readers decode from the folder name (the folder '%2F' reads back as '/'), so the"
              + " value would not come back as written",
          urlEncode,
          record);
    }
    if (encoded.indexOf('/') >= 0) {
      throw unsafe(
          recordKey,
          field,
          value,
          folder,
          "the value holds '/', which would nest partition folders; Hudi's readers do not read a"
              + " partition inside another, and a field value is one folder (use several partition"
              + " fields with the complex key generator for nested partitions)",
          urlEncode,
          record);
    }
    Optional<String> problem = folderNameProblem(folder);
    if (problem.isPresent()) {
      throw unsafe(recordKey, field, value, folder, problem.get(), urlEncode, record);
    }
    return folder;
  }

  /**
   * The error for an empty partition value: Hudi's key generators write it, as a null, to the
   * folder {@value PartitionPathEncoding#DEFAULT_PARTITION_PATH} ({@code
   * KeyGenUtils.getRecordPartitionPath}), which Hudi's and Spark's readers return as NULL, so the
   * empty string would not come back as written.
   */
  static UnsafePartitionPathException emptyValue(
      String recordKey, String field, GenericRecord record) {
    return new UnsafePartitionPathException(
        String.format(
            "record key '%s': %s '%s' value is the empty string, which Hudi writes to the folder"
                + " '%s', as a null, and its readers return as NULL: the value would not come back"
                + " as written. Write null for a missing value (read back as NULL), or a non-empty"
                + " value; record: %s",
            recordKey,
            PartitionPathFunction.ROLE,
            field,
            PartitionPathEncoding.DEFAULT_PARTITION_PATH,
            FieldValues.describe(record)));
  }

  /** Whether {@code value} holds {@code %} followed by two hexadecimal digits. */
  static boolean holdsEscape(String value) {
    for (int i = value.indexOf('%'); i >= 0; i = value.indexOf('%', i + 1)) {
      if (isHex(value, i + 1) && isHex(value, i + 2)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isHex(String value, int index) {
    return index < value.length() && Character.digit(value.charAt(index), 16) >= 0;
  }

  /**
   * Checks every folder name of a partition path the key generator built as a whole (the
   * timestamp-based generator's formatted output).
   *
   * @throws UnsafePartitionPathException when one is not safe
   */
  static String checkPath(
      String recordKey,
      String field,
      Object value,
      String path,
      boolean urlEncode,
      GenericRecord record) {
    for (String folder : path.split("/", -1)) {
      Optional<String> problem = folderNameProblem(folder);
      if (problem.isPresent()) {
        throw unsafe(
            recordKey, field, String.valueOf(value), path, problem.get(), urlEncode, record);
      }
    }
    return path;
  }

  private static UnsafePartitionPathException unsafe(
      String recordKey,
      String field,
      String value,
      String folder,
      String problem,
      boolean urlEncode,
      GenericRecord record) {
    boolean encodingHelps =
        !urlEncode
            && !problem.startsWith("the folder name is")
            && !problem.startsWith("it has an empty");
    return new UnsafePartitionPathException(
        String.format(
            "record key '%s': %s '%s' value '%s' gives partition folder '%s', which is not safe:"
                + " %s. %s; record: %s",
            recordKey,
            PartitionPathFunction.ROLE,
            field,
            shorten(value),
            shorten(folder),
            problem,
            encodingHelps
                ? ENCODE_REMEDY
                : "Shorten or clean the value, or partition by a field derived from it",
            FieldValues.describe(record)));
  }

  private static String shorten(String text) {
    return text.length() <= 120
        ? text
        : text.substring(0, 120) + "...(" + text.length() + " chars)";
  }
}
