package io.hudibeam.commit;

/**
 * What a write did to a data file, as recorded in its marker (Hudi's {@code IOType} and {@code
 * WriteMarkers.getMarkerFileName}).
 */
public enum IOType {
  CREATE,
  MERGE,
  APPEND
}
