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
package io.hudibeam;

import io.hudibeam.testing.FaultFileSystem;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.util.Progressable;

/**
 * HDFS with {@link FaultFileSystem}'s rules at create (and close) and exists, configured by the
 * same keys. Installed through a pipeline's Hadoop configuration with {@link #configuration};
 * uncached, so each worker's instance reads its rules.
 */
public final class HdfsWithHooks extends DistributedFileSystem {
  /** {@code fs.hdfs.impl} set to this class, plus the rules of the given settings. */
  static Map<String, String> configuration(Map<String, String> hooks) {
    return FaultFileSystem.installedFor("hdfs", HdfsWithHooks.class, hooks);
  }

  @Override
  public FSDataOutputStream create(
      Path f,
      FsPermission permission,
      boolean overwrite,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress)
      throws IOException {
    return FaultFileSystem.create(
        getConf(),
        this,
        f,
        () -> super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress));
  }

  @Override
  public boolean exists(Path f) throws IOException {
    FaultFileSystem.check(getConf(), FaultFileSystem.Operation.EXISTS, f, this);
    return super.exists(f);
  }
}
