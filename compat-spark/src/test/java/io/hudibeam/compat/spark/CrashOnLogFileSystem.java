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
package io.hudibeam.compat.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A local file system that fails the first log file written (a name containing {@code .log.}) after
 * its bytes are complete, once: "once" is a flag file created atomically on the local disk. On the
 * DirectRunner (no retries) this fails the pipeline in its write stage, leaving the deltacommit
 * pending with its log files and markers, as a crash would (the same technique as beam-io's {@code
 * CrashOnceFileSystem}).
 */
public final class CrashOnLogFileSystem extends LocalFileSystem {
  static final String FLAG = "hudibeam.test.crash-on-log.flag";

  /** The Hadoop settings that make HudiIO write through this file system. */
  static Map<String, String> configuration(String flagPath) {
    return Map.of(
        "fs.file.impl",
        CrashOnLogFileSystem.class.getName(),
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
    if (flag == null || !f.getName().contains(".log.") || f.toString().contains("/.hoodie/")) {
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
              StandardOpenOption.CREATE_NEW,
              StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException alreadyFailed) {
          return;
        }
        throw new IOException("injected crash after writing " + f + " (first time only)");
      }
    };
  }
}
