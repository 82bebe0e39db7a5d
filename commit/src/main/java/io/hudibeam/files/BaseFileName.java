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
import java.util.Objects;
import java.util.Optional;

/**
 * A base file name {@code <fileId>_<writeToken>_<instantTime>.parquet} (Hudi's {@code
 * FSUtils.makeBaseFileName}).
 */
public final class BaseFileName implements Serializable {
  private static final long serialVersionUID = 1L;
  public static final String PARQUET_EXTENSION = ".parquet";

  private final FileId fileId;
  private final WriteToken writeToken;
  private final InstantTime instantTime;

  private BaseFileName(FileId fileId, WriteToken writeToken, InstantTime instantTime) {
    this.fileId = Objects.requireNonNull(fileId);
    this.writeToken = Objects.requireNonNull(writeToken);
    this.instantTime = Objects.requireNonNull(instantTime);
  }

  public static BaseFileName of(FileId fileId, WriteToken writeToken, InstantTime instantTime) {
    return new BaseFileName(fileId, writeToken, instantTime);
  }

  public static BaseFileName parse(String name) {
    return tryParse(name)
        .orElseThrow(
            () ->
                new InvalidFileNameException(
                    "'"
                        + name
                        + "' is not a base file name: expected"
                        + " <uuid>-<n>_<int>-<int>-<int>_<17-digit instant>.parquet"));
  }

  /** Empty when the name is not a Hudi base file name. */
  public static Optional<BaseFileName> tryParse(String name) {
    // <fileId>_<writeToken>_<instantTime>.parquet, split by hand, not with a regex: coders parse a
    // base file name per record.
    if (name == null || !name.endsWith(PARQUET_EXTENSION)) {
      return Optional.empty();
    }
    int end = name.length() - PARQUET_EXTENSION.length();
    int first = name.indexOf('_');
    int second = first < 0 ? -1 : name.indexOf('_', first + 1);
    if (first < 1
        || second < first + 2
        || second >= end - 1
        || name.indexOf('_', second + 1) >= 0) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new BaseFileName(
              FileId.parse(name.substring(0, first)),
              WriteToken.parse(name.substring(first + 1, second)),
              InstantTime.parse(name.substring(second + 1, end))));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  public FileId fileId() {
    return fileId;
  }

  public WriteToken writeToken() {
    return writeToken;
  }

  public InstantTime instantTime() {
    return instantTime;
  }

  public String value() {
    return fileId.value()
        + "_"
        + writeToken.value()
        + "_"
        + instantTime.value()
        + PARQUET_EXTENSION;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BaseFileName && value().equals(((BaseFileName) o).value());
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
