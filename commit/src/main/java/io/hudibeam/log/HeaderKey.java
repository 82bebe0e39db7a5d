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
 * The keys of a log block's header, written as their ordinal (Hudi's {@code
 * HoodieLogBlock.HeaderMetadataType}, Hudi 0.15's HoodieLogBlock). Hudi 0.15 defines the first
 * seven; {@link #IS_PARTIAL} and {@link #BASE_FILE_INSTANT_TIME_OF_RECORD_POSITIONS} are Hudi 1.0's
 * (table version 8) and only read: Hudi 1.0.2's Spark writer puts {@link #RECORD_POSITIONS} and the
 * base instant they refer to into its log blocks; this writer merges by record key and ignores
 * them.
 */
public enum HeaderKey {
  /** The instant that wrote the block (a deltacommit, or for a command block the rollback). */
  INSTANT_TIME,
  /** For a rollback command block: the instant whose blocks are rolled back. */
  TARGET_INSTANT_TIME,
  /** The Avro schema (JSON) of the block's records, with the five meta fields. */
  SCHEMA,
  /** For a command block: the command's ordinal, {@code "0"} for a rollback. */
  COMMAND_BLOCK_TYPE,
  COMPACTED_BLOCK_TIMES,
  RECORD_POSITIONS,
  BLOCK_IDENTIFIER,
  IS_PARTIAL,
  /** The instant of the base file whose row positions {@link #RECORD_POSITIONS} holds. */
  BASE_FILE_INSTANT_TIME_OF_RECORD_POSITIONS;

  public int code() {
    return ordinal();
  }

  public static HeaderKey fromCode(int code) {
    HeaderKey[] all = values();
    if (code < 0 || code >= all.length) {
      throw new LogFormatException(
          "Unknown log block header key "
              + code
              + "; expected 0.."
              + (all.length - 1)
              + " (Hudi's HeaderMetadataType)");
    }
    return all[code];
  }
}
