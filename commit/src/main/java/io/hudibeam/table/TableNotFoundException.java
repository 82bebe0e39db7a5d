package io.hudibeam.table;

/** The base path holds no Hudi table. */
public class TableNotFoundException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public TableNotFoundException(String message) {
    super(message);
  }
}
