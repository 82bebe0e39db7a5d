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

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import java.io.Serializable;
import java.util.Objects;

/**
 * A marker: the record, made before a data file is written, that an instant's write touched that
 * file. Named {@code <partitionPath>/<dataFileName>.marker.<IOType>} under the instant's marker
 * folder.
 */
public record Marker(String partitionPath, String dataFileName, IOType ioType)
    implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final String INFIX = ".marker.";

  public Marker {
    Objects.requireNonNull(partitionPath, "partitionPath");
    Objects.requireNonNull(dataFileName, "dataFileName");
    Objects.requireNonNull(ioType, "ioType");
  }

  public static Marker of(String partitionPath, String dataFileName, IOType ioType) {
    return new Marker(partitionPath, dataFileName, ioType);
  }

  /** Parses a marker name relative to the marker folder. */
  public static Marker parse(String relativeName) {
    int infix = relativeName.lastIndexOf(INFIX);
    if (infix < 0) {
      throw new HudiTableException(
          "'"
              + relativeName
              + "' is not a marker name: expected <partition>/<file>.marker.<IOType>");
    }
    IOType type;
    try {
      type = IOType.valueOf(relativeName.substring(infix + INFIX.length()));
    } catch (IllegalArgumentException e) {
      throw new HudiTableException(
          "'"
              + relativeName
              + "' is not a marker name: the IO type must be CREATE, MERGE or APPEND");
    }
    String path = relativeName.substring(0, infix);
    int slash = path.lastIndexOf('/');
    return new Marker(slash < 0 ? "" : path.substring(0, slash), path.substring(slash + 1), type);
  }

  public String dataFileRelativePath() {
    return TablePaths.relativePath(partitionPath, dataFileName);
  }

  /** The marker's name relative to the instant's marker folder. */
  public String relativeName() {
    return TablePaths.relativePath(partitionPath, dataFileName + INFIX + ioType.name());
  }

  @Override
  public String toString() {
    return relativeName();
  }
}
