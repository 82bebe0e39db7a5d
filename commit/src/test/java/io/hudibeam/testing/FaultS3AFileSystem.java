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
package io.hudibeam.testing;

import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.fs.s3a.S3AFileSystem;
import org.apache.hadoop.util.Progressable;

/**
 * S3A with {@link FaultFileSystem}'s rules: the same {@link Fault}s, taken at the same operations
 * of {@code s3a:} paths (whose URI path is the key, {@code /} first).
 */
public final class FaultS3AFileSystem extends S3AFileSystem {
  /** The S3A settings {@code s3} with this file system in S3A's place, armed with {@code rules}. */
  public static Map<String, String> configuration(Map<String, String> s3, Fault... rules) {
    Map<String, String> conf = new HashMap<>(s3);
    conf.putAll(
        FaultFileSystem.installedFor(
            "s3a", FaultS3AFileSystem.class, FaultFileSystem.configuration(rules)));
    return conf;
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
  public boolean rename(Path src, Path dst) throws IOException {
    return FaultFileSystem.renamed(getConf(), this, dst, super.rename(src, dst));
  }

  @Override
  public boolean delete(Path f, boolean recursive) throws IOException {
    FaultFileSystem.check(getConf(), Operation.DELETE, f, this);
    return super.delete(f, recursive);
  }

  @Override
  public boolean exists(Path f) throws IOException {
    FaultFileSystem.check(getConf(), Operation.EXISTS, f, this);
    return super.exists(f);
  }
}
