package io.hudibeam.table;

/**
 * A readable {@code hoodie.properties} of a table version (or timeline layout) this writer does not
 * support: the file is fine, so its backup is not consulted and the message does not call it corrupt.
 */
public class UnsupportedTableVersionException extends InvalidTableConfigException {
  private static final long serialVersionUID = 1L;

  public UnsupportedTableVersionException(String message) {
    super(message);
  }
}
