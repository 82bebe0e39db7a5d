package io.hudibeam.commit;

import io.hudibeam.table.HudiTableException;
import java.util.Map;

/** Parses the boolean and integer write settings the settings classes of this package share. */
final class SettingValues {
  private SettingValues() {}

  /** The value of {@code key}, or {@code defaultValue} when absent; true or false, any case. */
  static boolean parseBoolean(Map<String, String> properties, String key, boolean defaultValue) {
    String value = properties.get(key);
    if (value == null) {
      return defaultValue;
    }
    String trimmed = value.trim();
    if (trimmed.equalsIgnoreCase("true")) {
      return true;
    }
    if (trimmed.equalsIgnoreCase("false")) {
      return false;
    }
    throw new HudiTableException(key + "='" + value + "' is not a boolean; expected true or false");
  }

  /** The value of {@code key}, or {@code defaultValue} when absent; a whole number. */
  static int parseInt(Map<String, String> properties, String key, int defaultValue) {
    String value = properties.get(key);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new HudiTableException(key + "='" + value + "' is not an integer", e);
    }
  }
}
