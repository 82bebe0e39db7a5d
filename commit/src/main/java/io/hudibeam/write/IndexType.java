package io.hudibeam.write;

import io.hudibeam.table.HudiTableException;

/** How incoming record keys are located in the table ({@code hoodie.index.type}). */
public enum IndexType {
  /** Joins incoming keys with the keys read from the latest base files of touched partitions. */
  SIMPLE,
  /** As SIMPLE across all partitions: a key is unique in the table; a partition change moves it. */
  GLOBAL_SIMPLE,
  /** Prunes the files to check with their footer bloom filters and key ranges. */
  BLOOM,
  /** Hashes the key to a fixed number of file groups per partition; no lookup. */
  BUCKET;

  public static IndexType fromValue(String value) {
    for (IndexType type : values()) {
      if (type.name().equalsIgnoreCase(value)) {
        return type;
      }
    }
    throw new HudiTableException(
        "hoodie.index.type must be one of SIMPLE, GLOBAL_SIMPLE, BLOOM, BUCKET, but was '" + value + "'");
  }

  public boolean isGlobal() {
    return this == GLOBAL_SIMPLE;
  }
}
