package io.hudibeam.files;

import io.hudibeam.table.HudiTableException;

/**
 * A data file name that does not follow Hudi's naming ({@code FSUtils.makeBaseFileName}, {@code
 * FSUtils.makeLogFileName}).
 */
public class InvalidFileNameException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public InvalidFileNameException(String message) {
    super(message);
  }
}
