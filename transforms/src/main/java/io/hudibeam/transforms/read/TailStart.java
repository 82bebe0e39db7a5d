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
package io.hudibeam.transforms.read;

import java.io.Serializable;

/**
 * Where a streaming tail starts.
 *
 * @param strategy {@code earliest}: every commit of the active timeline (a snapshot first when
 *     older commits were archived); {@code latest}: commits after the latest one at start; {@code
 *     instant}: commits after {@code instant}
 * @param instant the position to start after (table version 8: a completion time; version 6: an
 *     instant time), for {@code instant}; else null
 * @param snapshotFallback when the position's next commits have been archived: read a snapshot of
 *     the table and go on from its commit (true) or fail (false)
 */
public record TailStart(Strategy strategy, String instant, boolean snapshotFallback)
    implements Serializable {

  /** The starting strategies. */
  public enum Strategy {
    EARLIEST,
    LATEST,
    INSTANT
  }
}
