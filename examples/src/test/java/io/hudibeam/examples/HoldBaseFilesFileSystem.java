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
package io.hudibeam.examples;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A local file system that holds every create of a base file ({@code .parquet} outside {@code
 * .hoodie}) until the test releases its hold (bounded wait): a job's write stage then cannot finish
 * before the test has seen what it waits for. Installed with the command's {@code --hadoop.*}
 * arguments ({@link #arguments}); the hold is found by its id because the workers make their own
 * uncached instances.
 */
public final class HoldBaseFilesFileSystem extends LocalFileSystem {
  private static final String ID_KEY = "hudibeam.test.hold-base-files.id";
  private static final Map<String, CountDownLatch> RELEASES = new ConcurrentHashMap<>();

  /** Registers a hold under {@code id}; count it down to let the base files be created. */
  static CountDownLatch register(String id) {
    CountDownLatch release = new CountDownLatch(1);
    RELEASES.put(id, release);
    return release;
  }

  static void unregister(String id) {
    RELEASES.remove(id);
  }

  /** The command arguments that install this file system for {@code file:} paths with hold id. */
  static String[] arguments(String id) {
    return new String[] {
      "--hadoop.fs.file.impl=" + HoldBaseFilesFileSystem.class.getName(),
      "--hadoop.fs.file.impl.disable.cache=true",
      "--hadoop." + ID_KEY + "=" + id
    };
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
    if (f.getName().endsWith(".parquet") && !f.toString().contains("/.hoodie/")) {
      awaitRelease(getConf(), f);
    }
    return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
  }

  private static void awaitRelease(Configuration conf, Path f) throws IOException {
    String id = conf == null ? null : conf.get(ID_KEY);
    CountDownLatch release = id == null ? null : RELEASES.get(id);
    if (release == null) {
      return;
    }
    try {
      if (!release.await(120, TimeUnit.SECONDS)) {
        throw new IOException("the test never released the hold on creating " + f);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }
}
