package io.hudibeam.keygen;

import io.hudibeam.table.HudiTableException;

/**
 * A record cannot be given a record key or partition path: a key field is null or empty, a field
 * is missing from the record's schema, or a value cannot be converted. The message names the
 * field(s), the value and, where available, the record.
 */
public class InvalidRecordException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public InvalidRecordException(String message) {
    super(message);
  }

  public InvalidRecordException(String message, Throwable cause) {
    super(message, cause);
  }
}
