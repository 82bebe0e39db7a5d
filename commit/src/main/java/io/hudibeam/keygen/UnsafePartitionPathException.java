package io.hudibeam.keygen;

/**
 * A record's partition value would not make a safe partition folder under the table's base path
 * ({@code .}, {@code ..}, a hidden or empty folder name, a {@code /} that nests folders, a name
 * file systems refuse). The message names the record key, the field, the value and the remedy.
 */
public class UnsafePartitionPathException extends InvalidRecordException {
  private static final long serialVersionUID = 1L;

  public UnsafePartitionPathException(String message) {
    super(message);
  }
}
