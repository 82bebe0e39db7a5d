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
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A local file system whose first closed base file ({@code *.parquet} outside {@code .hoodie})
 * fails after its bytes are complete: the failed attempt leaves a whole, valid-looking base file
 * and its marker behind, the worst case for the commit's cleanup. "First" is kept in a flag file
 * named by {@link #FLAG}, created atomically on the local disk (so it holds across tasks, attempts
 * and class loaders); it records the failed file's path. Installed through the pipeline's Hadoop
 * configuration with {@link #configuration(String)}.
 */
public final class FailOnceFileSystem extends LocalFileSystem {
  /** The local path of the flag file. */
  public static final String FLAG = "hudibeam.test.fail-once.flag";

  /** Hadoop settings that route {@code file:} paths through this file system, uncached. */
  public static java.util.Map<String, String> configuration(String flagPath) {
    return java.util.Map.of(
        "fs.file.impl",
        FailOnceFileSystem.class.getName(),
        "fs.file.impl.disable.cache",
        "true",
        FLAG,
        flagPath);
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
    String flag = getConf().get(FLAG);
    if (flag == null || !f.getName().endsWith(".parquet") || f.toString().contains("/.hoodie/")) {
      return out;
    }
    return new FSDataOutputStream(out, null) {
      @Override
      public void close() throws IOException {
        super.close();
        try {
          Files.write(
              Paths.get(flag),
              f.toUri().getPath().getBytes(StandardCharsets.UTF_8),
              java.nio.file.StandardOpenOption.CREATE_NEW,
              java.nio.file.StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException alreadyFailed) {
          return;
        }
        throw new IOException("injected failure after writing " + f + " (first attempt only)");
      }
    };
  }
}
