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

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A local file system on which the n-th base file ({@code *.parquet} outside {@code .hoodie}) of a
 * registered id cannot be created. Installed with {@link #configuration}; the count is found by id
 * because workers make their own uncached instances.
 */
public final class FailNthBaseFileSystem extends LocalFileSystem {
  static final String ID = "hudibeam.test.fail-nth.id";
  private static final Map<String, AtomicInteger> REMAINING = new ConcurrentHashMap<>();

  static Map<String, String> configuration(String id, int n) {
    REMAINING.put(id, new AtomicInteger(n));
    return Map.of(
        "fs.file.impl",
        FailNthBaseFileSystem.class.getName(),
        "fs.file.impl.disable.cache",
        "true",
        ID,
        id);
  }

  static void unregister(String id) {
    REMAINING.remove(id);
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
    beforeCreate(getConf(), f);
    return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
  }

  /** The hook, shared with {@link HdfsWithHooks}: fails the n-th base file of the configured id. */
  static void beforeCreate(Configuration conf, Path f) throws IOException {
    String id = conf == null ? null : conf.get(ID);
    AtomicInteger remaining = id == null ? null : REMAINING.get(id);
    if (remaining != null
        && f.getName().endsWith(".parquet")
        && !f.toString().contains("/.hoodie/")
        && remaining.decrementAndGet() == 0) {
      throw new IOException("injected failure creating " + f);
    }
  }
}
