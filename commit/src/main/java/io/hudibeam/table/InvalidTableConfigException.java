package io.hudibeam.table;

/** A {@code hoodie.properties} file, or a request against it, that is invalid or contradictory. */
public class InvalidTableConfigException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public InvalidTableConfigException(String message) {
    super(message);
  }

  public InvalidTableConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
