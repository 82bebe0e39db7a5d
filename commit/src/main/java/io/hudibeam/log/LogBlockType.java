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
package io.hudibeam.log;

/**
 * The type of a log block, written as its ordinal (Hudi's {@code
 * HoodieLogBlock.HoodieLogBlockType}, Hudi 0.15's HoodieLogBlock; the tech spec's 1-based numbering
 * is wrong).
 */
public enum LogBlockType {
  COMMAND_BLOCK,
  DELETE_BLOCK,
  /** Never written; Hudi's reader reports a block whose length check fails as one. */
  CORRUPT_BLOCK,
  AVRO_DATA_BLOCK,
  HFILE_DATA_BLOCK,
  PARQUET_DATA_BLOCK,
  CDC_DATA_BLOCK;

  /** The int written in the block framing. */
  public int code() {
    return ordinal();
  }

  public static LogBlockType fromCode(int code) {
    LogBlockType[] all = values();
    if (code < 0 || code >= all.length) {
      throw new LogFormatException(
          "Unknown log block type "
              + code
              + "; expected 0.."
              + (all.length - 1)
              + " (Hudi's HoodieLogBlockType)");
    }
    return all[code];
  }
}
