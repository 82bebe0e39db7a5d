package io.hudibeam.commit;

/** What a write did to a data file, as recorded in its marker (hudi-format.md section 8). */
public enum IOType {
  CREATE,
  MERGE,
  APPEND
}
