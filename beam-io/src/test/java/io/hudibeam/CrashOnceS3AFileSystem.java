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
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.fs.s3a.S3AFileSystem;
import org.apache.hadoop.util.Progressable;

/**
 * S3A that crashes once at a chosen point of the commit protocol: the first file created whose name
 * ends with {@link #SUFFIX} fails, a {@code .parquet} base file after its bytes are uploaded (the
 * writer dies after its base file), any other file (an instant file) before it is written (the
 * writer dies just before that step). "Once" is a flag file created atomically on the local disk.
 * On the DirectRunner (no retries) this fails the pipeline as a crash of the writer would.
 */
public final class CrashOnceS3AFileSystem extends S3AFileSystem {
  static final String FLAG = "hudibeam.test.s3-crash.flag";
  static final String SUFFIX = "hudibeam.test.s3-crash.suffix";

  /** S3A settings {@code s3} with this file system in S3A's place, crashing at {@code suffix}. */
  static Map<String, String> configuration(Map<String, String> s3, String flagPath, String suffix) {
    Map<String, String> conf = new HashMap<>(s3);
    conf.put("fs.s3a.impl", CrashOnceS3AFileSystem.class.getName());
    conf.put("fs.s3a.impl.disable.cache", "true");
    conf.put(FLAG, flagPath);
    conf.put(SUFFIX, suffix);
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
    String flag = getConf().get(FLAG);
    String suffix = getConf().get(SUFFIX);
    boolean target = flag != null && suffix != null && f.getName().endsWith(suffix);
    if (target && !suffix.equals(".parquet") && crashNow(flag, f)) {
      throw new IOException("injected crash before writing " + f);
    }
    FSDataOutputStream out =
        super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    if (!target || !suffix.equals(".parquet")) {
      return out;
    }
    return new FSDataOutputStream(out, null) {
      @Override
      public void close() throws IOException {
        super.close();
        if (crashNow(flag, f)) {
          throw new IOException("injected crash after writing " + f);
        }
      }
    };
  }

  /** True the first time only, across file system instances. */
  private static boolean crashNow(String flag, Path f) throws IOException {
    try {
      Files.write(
          Paths.get(flag),
          f.toString().getBytes(StandardCharsets.UTF_8),
          StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    }
  }
}
