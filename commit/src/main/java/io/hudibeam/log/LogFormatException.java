package io.hudibeam.log;

import io.hudibeam.table.HudiTableException;

/** A log file or log block that does not follow Hudi's log format (hudi-format.md section 12). */
public class LogFormatException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public LogFormatException(String message) {
    super(message);
  }

  public LogFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
