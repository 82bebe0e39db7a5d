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
package io.hudibeam.sink;

import io.hudibeam.table.HudiTableException;

/**
 * A streaming sink was asked to write a commit interval it has committed before, with other records
 * than it committed then: not a replay of the same stream, but another stream under the same sink
 * id (another operation, a backfill, a reprocessing with new values). Refused before anything is
 * written, with the interval, the sink and the setting that gives the stream its own identity (see
 * {@link SinkInstants}).
 */
public class ReplayMismatchException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public ReplayMismatchException(String message) {
    super(message);
  }
}
