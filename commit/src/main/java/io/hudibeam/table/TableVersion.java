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

/**
 * The table versions this project reads and writes ({@code hoodie.table.version}), each with the
 * timeline layout it uses ({@code hoodie.timeline.layout.version}): version 6 (Hudi 0.14 and 0.15,
 * timeline layout 1) and version 8 (Hudi 1.0, timeline layout 2).
 */
public enum TableVersion {
  SIX(6, 1),
  EIGHT(8, 2);

  private final int code;
  private final int timelineLayoutVersion;

  TableVersion(int code, int timelineLayoutVersion) {
    this.code = code;
    this.timelineLayoutVersion = timelineLayoutVersion;
  }

  /**
   * Whether log files are named with the instant of the deltacommit that wrote them and belong to
   * the file slice their deltacommit's completion time falls in (version 8, Hudi 1.0's {@code
   * HoodieAppendHandle} and {@code HoodieFileGroup.getBaseInstantTime}), rather than named with the
   * base instant of their slice (version 6).
   */
  public boolean slicesLogFilesByCompletionTime() {
    return this == EIGHT;
  }

  /** The number stored in {@code hoodie.table.version}. */
  public int code() {
    return code;
  }

  /** The number stored in {@code hoodie.timeline.layout.version}. */
  public int timelineLayoutVersion() {
    return timelineLayoutVersion;
  }

  /**
   * The version of a {@code hoodie.table.version} (or {@code hoodie.write.table.version}) value.
   *
   * @param source names the file or setting in the error message
   * @throws UnsupportedTableVersionException for any other value, naming it and the supported ones
   */
  public static TableVersion parse(String value, String key, String source) {
    String trimmed = value == null ? null : value.trim();
    for (TableVersion version : values()) {
      if (String.valueOf(version.code).equals(trimmed)) {
        return version;
      }
    }
    throw new UnsupportedTableVersionException(
        String.format(
            "%s has %s=%s; this writer supports table versions 6 (Hudi 0.14/0.15) and 8 (Hudi 1.0)"
                + " only: write with a Hudi release that supports table version %s, or upgrade or"
                + " downgrade the table to 6 or 8 with Hudi's upgrade/downgrade tool first",
            source, key, value, value));
  }

  /** The version of a table version number. */
  public static TableVersion of(int code) {
    return parse(String.valueOf(code), "a table version", "The request");
  }

  @Override
  public String toString() {
    return String.valueOf(code);
  }
}
