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

/**
 * A write token {@code <taskPartitionId>-<stageId>-<attemptId>} (Hudi's {@code
 * FSUtils.makeWriteToken}): three non-negative integers that make each write attempt's file name
 * unique.
 *
 * @param partitionId the task's partition id
 * @param stageId the stage id
 * @param attemptId the attempt id
 */
public record WriteToken(long partitionId, long stageId, long attemptId) implements Serializable {

  public WriteToken {
    if (partitionId < 0 || stageId < 0 || attemptId < 0) {
      throw new IllegalArgumentException(
          String.format(
              "write token parts must be >= 0, but were %d-%d-%d",
              partitionId, stageId, attemptId));
    }
  }

  public static WriteToken of(long partitionId, long stageId, long attemptId) {
    return new WriteToken(partitionId, stageId, attemptId);
  }

  public static WriteToken parse(String value) {
    // Checked by hand, not with a regex: coders parse a write token per record.
    int first = value == null ? -1 : value.indexOf('-');
    int second = first < 0 ? -1 : value.indexOf('-', first + 1);
    if (second < 0
        || !InstantTime.isDigits(value, 0, first)
        || !InstantTime.isDigits(value, first + 1, second)
        || !InstantTime.isDigits(value, second + 1, value.length())) {
      throw new InvalidFileNameException(
          "A write token must be three non-negative integers joined by '-', but was '"
              + value
              + "'");
    }
    return new WriteToken(
        Long.parseLong(value.substring(0, first)),
        Long.parseLong(value.substring(first + 1, second)),
        Long.parseLong(value.substring(second + 1)));
  }

  public String value() {
    return partitionId + "-" + stageId + "-" + attemptId;
  }

  @Override
  public String toString() {
    return value();
  }
}
