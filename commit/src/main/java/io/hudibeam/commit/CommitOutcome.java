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
package io.hudibeam.commit;

/** What the commit step did with an instant. */
public enum CommitOutcome {
  /** The instant is now completed. */
  COMMITTED,
  /** The instant was already completed (a retried commit step); nothing was written. */
  ALREADY_COMMITTED,
  /**
   * A streaming sink's interval that a completed commit of the same sink already covers (a replayed
   * interval): the instant was rolled back and nothing was committed. See {@link SinkLineage}.
   */
  REPLAY_SKIPPED
}
