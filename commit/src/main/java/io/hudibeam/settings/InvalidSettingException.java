package io.hudibeam.settings;

import io.hudibeam.table.HudiTableException;

/** A write setting with a value it cannot take: names the key, the value and what was expected. */
public final class InvalidSettingException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  private final String key;

  InvalidSettingException(String key, String value, String expected, Throwable cause) {
    super(key + " must be " + expected + ", but was " + (value == null ? "null" : "'" + value + "'"), cause);
    this.key = key;
  }

  /** The key whose value is bad. */
  public String key() {
    return key;
  }
}
