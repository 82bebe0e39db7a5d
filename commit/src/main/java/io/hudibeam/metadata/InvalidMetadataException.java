package io.hudibeam.metadata;

import io.hudibeam.table.HudiTableException;

/** Timeline metadata bytes that cannot be parsed, or a value that cannot be written. */
public class InvalidMetadataException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public InvalidMetadataException(String message) {
    super(message);
  }

  public InvalidMetadataException(String message, Throwable cause) {
    super(message, cause);
  }
}
