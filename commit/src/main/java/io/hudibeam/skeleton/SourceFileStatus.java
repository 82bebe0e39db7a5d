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
package io.hudibeam.skeleton;

import java.io.Serializable;
import java.util.Objects;
import org.apache.hadoop.fs.FileStatus;

/**
 * What the bootstrap index records of a source file (Hudi's Avro {@code HoodieFileStatus}), as
 * Hudi's {@code HadoopFSUtils.fromFileStatus} (0.15.0) fills it: the path as a URI, length,
 * directory flag, block replication, block size, modification and access time. Hudi's readers need
 * all but the access time ({@code FileStatusUtils.toStoragePathInfo} unboxes them); permission,
 * owner and group stay null, as Hudi leaves them.
 *
 * @param uri the file's full path ({@code file:/...}, {@code s3a://...})
 */
public record SourceFileStatus(
    String uri,
    long length,
    int blockReplication,
    long blockSize,
    long modificationTime,
    long accessTime)
    implements Serializable {
  public SourceFileStatus {
    Objects.requireNonNull(uri, "uri");
  }

  /** The status Hadoop gives of a source file. */
  public static SourceFileStatus of(FileStatus status) {
    return new SourceFileStatus(
        status.getPath().toString(),
        status.getLen(),
        status.getReplication(),
        status.getBlockSize(),
        status.getModificationTime(),
        status.getAccessTime());
  }
}
