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
package io.hudibeam.write;

import io.hudibeam.files.FileId;
import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.Objects;

/**
 * Where the index found a record key: the file group and the instant of its latest base file.
 *
 * @param partitionPath the file group's partition path
 * @param fileId the file group's id
 * @param baseInstant the instant of the file group's latest base file
 */
public record RecordLocation(String partitionPath, FileId fileId, InstantTime baseInstant)
    implements Serializable {

  public RecordLocation {
    Objects.requireNonNull(partitionPath, "partitionPath");
    Objects.requireNonNull(fileId, "fileId");
    Objects.requireNonNull(baseInstant, "baseInstant");
  }

  public static RecordLocation of(String partitionPath, FileId fileId, InstantTime baseInstant) {
    return new RecordLocation(partitionPath, fileId, baseInstant);
  }

  @Override
  public String toString() {
    return partitionPath + "/" + fileId + "@" + baseInstant;
  }
}
