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
package io.hudibeam.log;

import io.hudibeam.table.HudiTableException;

/** A log file or log block that does not follow Hudi's log format (Hudi 0.15's HoodieLogFormat). */
public class LogFormatException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public LogFormatException(String message) {
    super(message);
  }

  public LogFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
