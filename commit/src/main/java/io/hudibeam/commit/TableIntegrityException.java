package io.hudibeam.commit;

import io.hudibeam.table.HudiTableException;

/**
 * A table's metadata is missing, corrupt or inconsistent with its files, so a write is refused
 * before anything is written. The message names the file and what is wrong.
 */
public class TableIntegrityException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public TableIntegrityException(String message) {
    super(message);
  }

  public TableIntegrityException(String message, Throwable cause) {
    super(message, cause);
  }
}
