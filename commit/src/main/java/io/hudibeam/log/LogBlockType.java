package io.hudibeam.log;

/**
 * The type of a log block, written as its ordinal (Hudi's {@code HoodieLogBlock.HoodieLogBlockType},
 * hudi-format.md section 12.2; the tech spec's 1-based numbering is wrong).
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
          "Unknown log block type " + code + "; expected 0.." + (all.length - 1) + " (Hudi's HoodieLogBlockType)");
    }
    return all[code];
  }
}
