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

import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * How the timestamp-based key generator reads its partition field ({@code
 * hoodie.keygen.timebased.timestamp.type}), as Hudi 0.15's {@code
 * TimestampBasedAvroKeyGenerator.TimestampType}. {@code MIXED} is not supported.
 */
public enum TimestampType {
  /** Seconds since the epoch. */
  UNIX_TIMESTAMP,
  /** A string parsed with the input date format(s). */
  DATE_STRING,
  /** Milliseconds since the epoch. */
  EPOCHMILLISECONDS,
  /** A number in the configured scalar time unit. */
  SCALAR;

  /** The value written under {@code hoodie.keygen.timebased.timestamp.type}. */
  public String value() {
    return name();
  }

  /** The unit of numeric values for this type, as TimestampBasedAvroKeyGenerator's constructor. */
  Optional<TimeUnit> numericUnit(TimeUnit scalarUnit) {
    switch (this) {
      case UNIX_TIMESTAMP:
        return Optional.of(TimeUnit.SECONDS);
      case EPOCHMILLISECONDS:
        return Optional.of(TimeUnit.MILLISECONDS);
      case SCALAR:
        return Optional.of(scalarUnit);
      default:
        return Optional.empty();
    }
  }
}
