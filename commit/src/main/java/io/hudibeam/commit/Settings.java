package io.hudibeam.commit;

import io.hudibeam.table.HudiTableException;
import java.util.Map;

/** Parsing of numeric write settings, with messages naming the key and the bad value. */
final class Settings {
  private Settings() {}

  static long parseLong(Map<String, String> properties, String key, long defaultValue) {
    String value = properties.get(key);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new HudiTableException(key + " must be a whole number, but was '" + value + "'");
    }
  }

  static int parseInt(Map<String, String> properties, String key, int defaultValue) {
    long value = parseLong(properties, key, defaultValue);
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw new HudiTableException(key + " is out of range: " + value);
    }
    return (int) value;
  }
}
