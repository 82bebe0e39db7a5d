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
package io.hudibeam.concurrency;

import io.hudibeam.table.HudiTableException;

/**
 * A write was refused or undone because another writer works on the same table: a pending instant
 * with a live heartbeat at start, or, at commit, a write completed since this one started that
 * touched the same file groups (a write conflict), or this instant rolled back by another writer.
 */
public class ConcurrentWriterException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public ConcurrentWriterException(String message) {
    super(message);
  }
}
