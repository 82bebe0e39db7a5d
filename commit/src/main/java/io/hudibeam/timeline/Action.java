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
package io.hudibeam.timeline;

/** The action of an instant on the timeline (Hudi's {@code HoodieTimeline} action names). */
public enum Action {
  COMMIT("commit"),
  DELTA_COMMIT("deltacommit"),
  REPLACE_COMMIT("replacecommit"),
  CLEAN("clean"),
  ROLLBACK("rollback"),
  SAVEPOINT("savepoint"),
  RESTORE("restore"),
  COMPACTION("compaction"),
  LOG_COMPACTION("logcompaction"),
  INDEXING("indexing"),
  /**
   * Timeline layout 2 only: a pending clustering ({@code T.clustering.requested|inflight}), which
   * completes as a replacecommit (Hudi 1.0's {@code HoodieTimeline.CLUSTERING_ACTION}).
   */
  CLUSTERING("clustering");

  private final String value;

  Action(String value) {
    this.value = value;
  }

  /** The name used in instant file names. */
  public String value() {
    return value;
  }

  public static Action fromValue(String value) {
    for (Action action : values()) {
      if (action.value.equals(value)) {
        return action;
      }
    }
    throw new IllegalArgumentException("Unknown instant action '" + value + "'");
  }

  /** Whether instants of this action write data files (commit, deltacommit, replacecommit). */
  public boolean writesData() {
    return this == COMMIT || this == DELTA_COMMIT || this == REPLACE_COMMIT;
  }

  /**
   * The action a completed instant of this action carries: compaction completes as a commit and log
   * compaction as a deltacommit.
   */
  public Action completedAction() {
    switch (this) {
      case COMPACTION:
        return COMMIT;
      case LOG_COMPACTION:
        return DELTA_COMMIT;
      case CLUSTERING:
        return REPLACE_COMMIT;
      default:
        return this;
    }
  }
}
