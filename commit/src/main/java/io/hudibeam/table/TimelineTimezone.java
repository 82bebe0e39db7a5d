/*
 * Copyright 2026 The HudiIO Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.hudibeam.table;

import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * {@code hoodie.table.timeline.timezone}: the clock zone of instant times (Hudi's {@code
 * HoodieInstantTimeGenerator}).
 */
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
            "%s must be LOCAL or UTC, but was '%s'", TableProperty.TIMELINE_TIMEZONE.key(), value));
  }

  public String value() {
    return name();
  }

  public ZoneId zoneId() {
    return this == UTC ? ZoneOffset.UTC : ZoneId.systemDefault();
  }
}
