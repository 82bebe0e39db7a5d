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
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A log file name {@code .<fileId>_<baseInstant>.log.<version>_<writeToken>} (Hudi's {@code
 * FSUtils.makeLogFileName}); in table version 6 the instant is the base instant of the file slice,
 * in table version 8 the instant of the deltacommit that wrote the file (its slice then follows
 * from that deltacommit's completion time, {@link CompletionTimeSlicing}).
 */
public final class LogFileName implements Comparable<LogFileName>, Serializable {
  private static final long serialVersionUID = 1L;
  private static final Pattern FORM =
      Pattern.compile("^\\.([^_]+)_(\\d+)\\.log\\.(\\d+)_(\\d+-\\d+-\\d+)$");

  /** Slice order: base instant, version, write token (Hudi's LogFileComparator). */
  private static final Comparator<LogFileName> ORDER =
      Comparator.comparing(LogFileName::baseInstant)
          .thenComparingInt(LogFileName::version)
          .thenComparing(l -> l.writeToken.value());

  private final FileId fileId;
  private final InstantTime baseInstant;
  private final int version;
  private final WriteToken writeToken;

  private LogFileName(FileId fileId, InstantTime baseInstant, int version, WriteToken writeToken) {
    this.fileId = Objects.requireNonNull(fileId);
    this.baseInstant = Objects.requireNonNull(baseInstant);
    this.version = version;
    this.writeToken = Objects.requireNonNull(writeToken);
    if (version < 1) {
      throw new InvalidFileNameException("A log file version starts at 1, but was " + version);
    }
  }

  public static LogFileName of(
      FileId fileId, InstantTime baseInstant, int version, WriteToken writeToken) {
    return new LogFileName(fileId, baseInstant, version, writeToken);
  }

  public static LogFileName parse(String name) {
    return tryParse(name)
        .orElseThrow(
            () ->
                new InvalidFileNameException(
                    "'"
                        + name
                        + "' is not a log file name: expected"
                        + " .<uuid>-<n>_<instant>.log.<version>_<int>-<int>-<int>"));
  }

  public static Optional<LogFileName> tryParse(String name) {
    Matcher m = name == null ? null : FORM.matcher(name);
    if (m == null || !m.matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new LogFileName(
              FileId.parse(m.group(1)),
              InstantTime.parse(m.group(2)),
              Integer.parseInt(m.group(3)),
              WriteToken.parse(m.group(4))));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  public FileId fileId() {
    return fileId;
  }

  /** The instant in the name: the slice's base instant in table version 6. */
  public InstantTime baseInstant() {
    return baseInstant;
  }

  /**
   * The instant in the name (the same as {@link #baseInstant()}): in table version 8 the instant of
   * the deltacommit that wrote the file.
   */
  public InstantTime instant() {
    return baseInstant;
  }

  public int version() {
    return version;
  }

  public WriteToken writeToken() {
    return writeToken;
  }

  public String value() {
    return "."
        + fileId.value()
        + "_"
        + baseInstant.value()
        + ".log."
        + version
        + "_"
        + writeToken.value();
  }

  @Override
  public int compareTo(LogFileName o) {
    return ORDER.compare(this, o);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LogFileName && value().equals(((LogFileName) o).value());
  }

  @Override
  public int hashCode() {
    return value().hashCode();
  }

  @Override
  public String toString() {
    return value();
  }
}
