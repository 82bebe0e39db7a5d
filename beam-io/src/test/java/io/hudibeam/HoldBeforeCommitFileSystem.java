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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A local file system that holds a write between its write stage and its commit: the first time,
 * after a base file was created, that a worker looks at the table lock {@code .hoodie/lock} (the
 * first step of the commit), it signals {@link Hold#reached} and waits for {@link Hold#release}
 * (bounded). Installed through a pipeline's Hadoop configuration with {@link #configuration}; the
 * hold is found by its id because the workers make their own uncached instances.
 */
public final class HoldBeforeCommitFileSystem extends LocalFileSystem {
  private static final FileSystemHooks<Hold> HOLDS =
      new FileSystemHooks<>(HoldBeforeCommitFileSystem.class, "hudibeam.test.hold.id");

  /** One pipeline's hold point. */
  static final class Hold {
    final CountDownLatch reached = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final AtomicBoolean wroteData = new AtomicBoolean();
    final AtomicBoolean held = new AtomicBoolean();
  }

  static Hold register(String id) {
    return HOLDS.register(id, new Hold());
  }

  static void unregister(String id) {
    HOLDS.unregister(id);
  }

  static Map<String, String> configuration(String id) {
    return HOLDS.configuration(id);
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

  @Override
  public boolean exists(Path f) throws IOException {
    beforeExists(getConf(), f);
    return super.exists(f);
  }

  /**
   * The hook on creating a file, shared with {@link HdfsWithHooks}: notes that a base file was
   * written.
   */
  static void beforeCreate(Configuration conf, Path f) {
    Hold hold = HOLDS.find(conf);
    if (hold != null && f.getName().endsWith(".parquet") && !f.toString().contains("/.hoodie/")) {
      hold.wroteData.set(true);
    }
  }

  /**
   * The hook on checking a path, shared with {@link HdfsWithHooks}: holds at the commit's first
   * look at the lock.
   */
  static void beforeExists(Configuration conf, Path f) throws IOException {
    Hold hold = HOLDS.find(conf);
    if (hold != null
        && f.toString().endsWith("/.hoodie/lock")
        && hold.wroteData.get()
        && hold.held.compareAndSet(false, true)) {
      hold.reached.countDown();
      try {
        if (!hold.release.await(120, TimeUnit.SECONDS)) {
          throw new IOException("test hold was never released");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(e);
      }
    }
  }
}
