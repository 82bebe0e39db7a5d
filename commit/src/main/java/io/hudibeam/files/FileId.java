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
package io.hudibeam.files;

import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.UUID;

/**
 * A file group's id: {@code <uuid>-<n>} (Hudi's {@code FSUtils.createNewFileId}), or a bare {@code
 * <uuid>}, which Hudi's Spark writer gives the skeleton files of a METADATA_ONLY bootstrap ({@code
 * FSUtils.createNewFileIdPfx} in {@code ParquetBootstrapMetadataHandler}, 0.15.0 and 1.0.2). It may
 * contain neither {@code _} nor {@code .}, which base and log file names use as separators.
 */
public final class FileId implements Comparable<FileId>, Serializable {
  private static final long serialVersionUID = 1L;

  private final String value;

  private FileId(String value) {
    this.value = value;
  }

  public static FileId parse(String value) {
    if (value == null || !(isFileId(value) || isUuid(value))) {
      throw new InvalidFileNameException(
          "A file id must look like <uuid>-<n> (or a bare <uuid>) with no '_', '.' or '/', but was"
              + " '"
              + value
              + "'");
    }
    return new FileId(value);
  }

  /**
   * {@code [^_./]+-\d+}, checked by hand, not with a regex: coders parse a file id per record. The
   * digits follow the last {@code -}; the part before it may hold more.
   */
  private static boolean isFileId(String value) {
    int dash = value.lastIndexOf('-');
    if (dash < 1 || !InstantTime.isDigits(value, dash + 1, value.length())) {
      return false;
    }
    for (int i = 0; i < dash; i++) {
      char c = value.charAt(i);
      if (c == '_' || c == '.' || c == '/') {
        return false;
      }
    }
    return true;
  }

  /** A canonical UUID, {@code 8-4-4-4-12} hex digits, checked by hand (coders parse per record). */
  private static boolean isUuid(String value) {
    if (value.length() != 36) {
      return false;
    }
    for (int i = 0; i < 36; i++) {
      char c = value.charAt(i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      if (dash ? c != '-' : Character.digit(c, 16) < 0) {
        return false;
      }
    }
    return true;
  }

  /** The {@code index}-th file id of a prefix, {@code <prefix>-<index>}. */
  public static FileId of(UUID prefix, int index) {
    if (index < 0) {
      throw new IllegalArgumentException("file id index must be >= 0, but was " + index);
    }
    return new FileId(prefix + "-" + index);
  }

  public String value() {
    return value;
  }

  @Override
  public int compareTo(FileId o) {
    return value.compareTo(o.value);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FileId && value.equals(((FileId) o).value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }

  @Override
  public String toString() {
    return value;
  }
}
