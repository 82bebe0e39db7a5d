package io.hudibeam.keygen;

import io.hudibeam.table.HudiTableException;

/** Key generator settings are missing, malformed or inconsistent; the message names the key. */
public class InvalidKeyGeneratorConfigException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public InvalidKeyGeneratorConfigException(String message) {
    super(message);
  }

  public InvalidKeyGeneratorConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
