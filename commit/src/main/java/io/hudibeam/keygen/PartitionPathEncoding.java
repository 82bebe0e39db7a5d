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

import java.util.BitSet;

/**
 * Partition path value escaping used when {@code hoodie.datasource.write.partitionpath.urlencode}
 * is true, and the default partition name for null or empty values (Hudi's {@code
 * PartitionPathEncodeUtils}, which follows Hive's {@code FileUtils.escapePathName}).
 */
public final class PartitionPathEncoding {
  /** The partition value Hudi uses for a null or empty partition field. */
  public static final String DEFAULT_PARTITION_PATH = "__HIVE_DEFAULT_PARTITION__";

  private static final BitSet ESCAPED = escapedChars();
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private PartitionPathEncoding() {}

  /**
   * Replaces every control character (0x00-0x1F), DEL and each of {@code " # % ' * / : = ? \ { [ ]
   * ^} by {@code %XX} (upper-case hex); other characters, including non-ASCII, are kept.
   */
  public static String escape(String value) {
    StringBuilder out = new StringBuilder(value.length());
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 128 && ESCAPED.get(c)) {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** Reverses {@link #escape}: each {@code %XX} with valid hex digits becomes its character. */
  public static String unescape(String value) {
    StringBuilder out = new StringBuilder(value.length());
    int i = 0;
    while (i < value.length()) {
      char c = value.charAt(i);
      if (c == '%' && i + 2 < value.length()) {
        int code = hex(value.charAt(i + 1), value.charAt(i + 2));
        if (code >= 0) {
          out.append((char) code);
          i += 3;
          continue;
        }
      }
      out.append(c);
      i++;
    }
    return out.toString();
  }

  private static int hex(char high, char low) {
    int h = Character.digit(high, 16);
    int l = Character.digit(low, 16);
    return h < 0 || l < 0 ? -1 : h * 16 + l;
  }

  private static BitSet escapedChars() {
    BitSet set = new BitSet(128);
    for (char c = 0; c < ' '; c++) {
      set.set(c);
    }
    for (char c : "\"#%'*/:=?\\\u007F{[]^".toCharArray()) {
      set.set(c);
    }
    return set;
  }
}
