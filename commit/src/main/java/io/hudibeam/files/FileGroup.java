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
package io.hudibeam.files;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A file group and its committed file slices, oldest first. */
public final class FileGroup implements Serializable {
  private static final long serialVersionUID = 1L;

  private final FileGroupId id;
  private final List<FileSlice> slices;

  private FileGroup(FileGroupId id, List<FileSlice> slices) {
    this.id = id;
    List<FileSlice> sorted = new ArrayList<>(slices);
    sorted.sort(Comparator.comparing(FileSlice::baseInstant));
    this.slices = Collections.unmodifiableList(sorted);
  }

  public static FileGroup of(FileGroupId id, List<FileSlice> slices) {
    return new FileGroup(id, slices);
  }

  public FileGroupId id() {
    return id;
  }

  /** Committed slices, oldest first. */
  public List<FileSlice> slices() {
    return slices;
  }

  public Optional<FileSlice> latestSlice() {
    return slices.isEmpty() ? Optional.empty() : Optional.of(slices.get(slices.size() - 1));
  }

  @Override
  public String toString() {
    return "FileGroup{" + id + ", " + slices + "}";
  }
}
