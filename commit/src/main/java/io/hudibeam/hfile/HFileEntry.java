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
package io.hudibeam.hfile;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/** One cell of an HFile: its key (the HBase row) and value. The arrays are not copied. */
public record HFileEntry(byte[] key, byte[] value) {
  public HFileEntry {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
  }

  /** The key as UTF-8 text, which is how Hudi writes its record keys. */
  public String keyAsString() {
    return new String(key, StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HFileEntry
        && Arrays.equals(key, ((HFileEntry) o).key)
        && Arrays.equals(value, ((HFileEntry) o).value);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(key) + Arrays.hashCode(value);
  }

  @Override
  public String toString() {
    return "HFileEntry{key=" + HFileWriter.printable(key) + ", " + value.length + " value bytes}";
  }
}
