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
package io.hudibeam.services;

import io.hudibeam.timeline.InstantTime;
import java.util.List;
import java.util.Objects;

/**
 * What one completed clean instant did.
 *
 * @param cleanTime the time of the {@code clean} instant
 * @param deletedFiles absolute paths of the files deleted (or found already absent on a resumed
 *     clean)
 * @param failedFiles absolute paths of the files that could not be deleted
 */
public record CleanResult(
    InstantTime cleanTime, List<String> deletedFiles, List<String> failedFiles) {
  public CleanResult {
    Objects.requireNonNull(cleanTime, "cleanTime");
    deletedFiles = List.copyOf(deletedFiles);
    failedFiles = List.copyOf(failedFiles);
  }
}
