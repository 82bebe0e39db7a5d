package io.hudibeam.table;

import java.time.ZoneId;
import java.time.ZoneOffset;

/** {@code hoodie.table.timeline.timezone}: the clock zone of instant times (section 3.1). */
public enum TimelineTimezone {
  LOCAL,
  UTC;

  public static TimelineTimezone fromValue(String value) {
    for (TimelineTimezone zone : values()) {
      if (zone.name().equalsIgnoreCase(value)) {
        return zone;
      }
    }
    throw new InvalidTableConfigException(
        String.format(
            "%s must be LOCAL or UTC, but was '%s'",
            TableProperty.TIMELINE_TIMEZONE.key(), value));
  }

  public String value() {
    return name();
  }

  public ZoneId zoneId() {
    return this == UTC ? ZoneOffset.UTC : ZoneId.systemDefault();
  }
}
