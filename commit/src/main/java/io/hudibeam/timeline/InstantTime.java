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
package io.hudibeam.timeline;

import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * An instant time: 17 digits {@code yyyyMMddHHmmssSSS} (Hudi's {@code HoodieInstantTimeGenerator}).
 * Ordering is string ordering, as in Hudi. Older 14-digit times and Hudi's reserved values are
 * accepted when read from a timeline, and so are 20-digit times: a 17-digit time plus a 3-digit
 * suffix, which Hudi 0.15 gives the metadata table's own instants ({@code
 * HoodieTableMetadataUtil.createCompactionTimestamp} appends {@code 001}, {@code
 * createCleanTimestamp} {@code 002}, {@code createLogCompactionTimestamp} {@code 005}).
 */
public final class InstantTime implements Comparable<InstantTime>, Serializable {
  private static final long serialVersionUID = 1L;
  static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS");

  private final String value;

  private InstantTime(String value) {
    this.value = value;
  }

  /** Parses an instant time as found in file names and metadata. */
  public static InstantTime parse(String value) {
    // Checked by hand, not with a regex: coders parse an instant time per record.
    if (value == null
        || (value.length() != 17 && value.length() != 14 && value.length() != 20)
        || !isDigits(value, 0, value.length())) {
      throw new HudiTableException(
          "An instant time must be 17 digits (yyyyMMddHHmmssSSS; 14 or 20 digits when read from a"
              + " timeline), but was '"
              + value
              + "'");
    }
    return new InstantTime(value);
  }

  /** Whether {@code value[from, to)} is one or more ASCII digits. */
  public static boolean isDigits(String value, int from, int to) {
    if (from >= to) {
      return false;
    }
    for (int i = from; i < to; i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** The instant time of a wall-clock time, at millisecond precision. */
  public static InstantTime of(LocalDateTime time) {
    return new InstantTime(FORMAT.format(time));
  }

  /**
   * The wall-clock time this instant denotes; 14-digit times read as their last millisecond,
   * 20-digit (suffixed metadata-table) times as their first 17 digits.
   */
  public LocalDateTime toLocalDateTime() {
    String full = value.length() == 14 ? value + "999" : value.substring(0, 17);
    try {
      return LocalDateTime.parse(full, FORMAT);
    } catch (DateTimeParseException e) {
      throw new HudiTableException("Instant time '" + value + "' is not a valid date and time", e);
    }
  }

  /**
   * The metadata table's compaction instant after deltacommit {@code this}: this time plus {@code
   * 001} (Hudi 0.15's {@code HoodieTableMetadataUtil.createCompactionTimestamp}).
   */
  public InstantTime metadataCompactionTime() {
    if (value.length() != 17) {
      throw new HudiTableException(
          "A metadata compaction time needs a 17-digit deltacommit time, not '" + value + "'");
    }
    return new InstantTime(value + "001");
  }

  public String value() {
    return value;
  }

  public boolean isAfter(InstantTime other) {
    return compareTo(other) > 0;
  }

  public boolean isBefore(InstantTime other) {
    return compareTo(other) < 0;
  }

  @Override
  public int compareTo(InstantTime other) {
    return value.compareTo(other.value);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof InstantTime && value.equals(((InstantTime) o).value);
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
