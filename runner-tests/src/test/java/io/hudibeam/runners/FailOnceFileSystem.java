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
package io.hudibeam.runners;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A local file system that fails once, right after a file is complete: by default the first closed
 * base file ({@code *.parquet} outside {@code .hoodie}), so the failed attempt leaves a whole,
 * valid-looking base file and its marker behind, the worst case for the commit's cleanup; or, with
 * {@link #configuration(String, String)}, the first timeline file whose name ends with a given
 * suffix ({@code .inflight}, {@code .commit}), failing after it is in place (after its rename, or
 * after an empty one is closed), as a crash right after that timeline step would. "First" is kept
 * in a flag file named by {@link #FLAG}, created atomically on the local disk (so it holds across
 * tasks, attempts, restarts and class loaders); it records the failed file's path. Installed
 * through the pipeline's Hadoop configuration.
 */
public final class FailOnceFileSystem extends LocalFileSystem {
  /** The local path of the flag file. */
  public static final String FLAG = "hudibeam.test.fail-once.flag";

  /** The file name suffix of a timeline file to fail after; unset for the first base file. */
  public static final String TIMELINE_SUFFIX = "hudibeam.test.fail-once.timeline-suffix";

  /** Hadoop settings that fail the first base file, routing {@code file:} paths through here. */
  public static Map<String, String> configuration(String flagPath) {
    return Map.of(
        "fs.file.impl",
        FailOnceFileSystem.class.getName(),
        "fs.file.impl.disable.cache",
        "true",
        FLAG,
        flagPath);
  }

  /** Hadoop settings that fail right after the first timeline file ending with {@code suffix}. */
  public static Map<String, String> configuration(String flagPath, String suffix) {
    Map<String, String> settings = new HashMap<>(configuration(flagPath));
    settings.put(TIMELINE_SUFFIX, suffix);
    return settings;
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
    FSDataOutputStream out =
        super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    if (!failsAfter(f)) {
      return out;
    }
    return new FSDataOutputStream(out, null) {
      @Override
      public void close() throws IOException {
        super.close();
        failOnce(f);
      }
    };
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    boolean renamed = super.rename(src, dst);
    if (renamed && getConf().get(TIMELINE_SUFFIX) != null && failsAfter(dst)) {
      failOnce(dst);
    }
    return renamed;
  }

  private boolean failsAfter(Path f) {
    if (getConf().get(FLAG) == null) {
      return false;
    }
    String suffix = getConf().get(TIMELINE_SUFFIX);
    boolean inTimeline = f.toString().contains("/.hoodie/");
    if (suffix == null) {
      return f.getName().endsWith(".parquet") && !inTimeline;
    }
    return inTimeline && f.getName().endsWith(suffix) && !f.getName().startsWith(".");
  }

  private void failOnce(Path f) throws IOException {
    try {
      Files.write(
          Paths.get(getConf().get(FLAG)),
          f.toUri().getPath().getBytes(StandardCharsets.UTF_8),
          StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE);
    } catch (FileAlreadyExistsException alreadyFailed) {
      return;
    }
    throw new IOException("injected failure after writing " + f + " (first time only)");
  }
}
