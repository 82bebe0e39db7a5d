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
package io.hudibeam.settings;

import io.hudibeam.table.HudiTableException;

/** A write setting with a value it cannot take: names the key, the value and what was expected. */
public final class InvalidSettingException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  private final String key;

  InvalidSettingException(String key, String value, String expected, Throwable cause) {
    super(
        key + " must be " + expected + ", but was " + (value == null ? "null" : "'" + value + "'"),
        cause);
    this.key = key;
  }

  /** The key whose value is bad. */
  public String key() {
    return key;
  }
}
