package io.hudibeam.table;

/**
 * Base of the unchecked exceptions thrown by the table format code. Messages name the table path,
 * the file, key or instant at fault, the bad value and what was expected.
 */
public class HudiTableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public HudiTableException(String message) {
    super(message);
  }

  public HudiTableException(String message, Throwable cause) {
    super(message, cause);
  }
}
