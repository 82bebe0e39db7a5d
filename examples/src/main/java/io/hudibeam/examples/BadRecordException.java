package io.hudibeam.examples;

import io.hudibeam.table.HudiTableException;

/** An input line that cannot become a record of the table's schema; its message is the reason. */
final class BadRecordException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  BadRecordException(String message) {
    super(message);
  }
}
