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

import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.util.List;
import java.util.Objects;

/**
 * What one completed rollback instant did: the rollback instant, the instant it rolled back, and
 * the absolute paths of the data files it deleted or failed to delete.
 *
 * @param rollbackTime the time of the {@code rollback} instant
 * @param rolledBackTime the time of the rolled-back write instant
 * @param rolledBackAction the action of the rolled-back write instant
 * @param deletedFiles files deleted (or found already absent when a rollback was resumed)
 * @param failedFiles files that could not be deleted
 */
public record RollbackResult(
    InstantTime rollbackTime,
    InstantTime rolledBackTime,
    Action rolledBackAction,
    List<String> deletedFiles,
    List<String> failedFiles) {

  public RollbackResult {
    Objects.requireNonNull(rollbackTime, "rollbackTime");
    Objects.requireNonNull(rolledBackTime, "rolledBackTime");
    Objects.requireNonNull(rolledBackAction, "rolledBackAction");
    deletedFiles = List.copyOf(deletedFiles);
    failedFiles = List.copyOf(failedFiles);
  }
}
