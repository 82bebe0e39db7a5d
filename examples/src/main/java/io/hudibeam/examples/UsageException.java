package io.hudibeam.examples;

import io.hudibeam.table.HudiTableException;

/** A command-line option that is missing or has a value outside its valid choices. */
public final class UsageException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
