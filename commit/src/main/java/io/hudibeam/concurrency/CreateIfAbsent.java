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
package io.hudibeam.concurrency;

import java.io.File;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * How a file system creates a file only if it is absent, the step the table lock rests on ({@link
 * TableLock}: whoever creates the lock file holds the lock), and whether that step is atomic:
 *
 * <ul>
 *   <li>{@link #LOCAL_CREATE_NEW}: the local file system, through {@code java.nio}'s {@code
 *       CREATE_NEW} (Hadoop's local {@code create(path, false)} checks and creates in two steps).
 *   <li>{@link #NAMENODE_CREATE}: HDFS ({@code hdfs}, {@code viewfs}, {@code webhdfs}, {@code
 *       swebhdfs}): {@code create(path, false)} is decided by the NameNode; the loser of a race
 *       gets {@code FileAlreadyExistsException} or {@code AlreadyBeingCreatedException} ({@link
 *       ConcurrentCreate}).
 *   <li>{@link #CHECK_THEN_CREATE}: any other file system, S3A among them: {@code create(path,
 *       false)} probes for the file, then writes it; two writers may both see it absent and both
 *       "create" it, the later upload replacing the earlier. Hadoop 3.4.2's S3A can make the upload
 *       conditional ({@code fs.s3a.create.conditional.enabled}, an {@code If-None-Match: *} PUT),
 *       but this build runs Hadoop 3.4.1, and S3Proxy 2.6.0 ignores {@code If-None-Match} on a PUT,
 *       so that path could not be proven here: it is not used (docs/object-stores.md).
 * </ul>
 *
 * <p>Hudi's {@code FileSystemBasedLockProvider} (0.15) makes the same distinction by refusing
 * object-store schemes outright ({@code StorageSchemes.isAtomicCreationSupported}).
 */
public enum CreateIfAbsent {
  LOCAL_CREATE_NEW(true),
  NAMENODE_CREATE(true),
  CHECK_THEN_CREATE(false);

  private static final Set<String> NAMENODE_SCHEMES =
      Set.of("hdfs", "viewfs", "webhdfs", "swebhdfs");

  private final boolean atomic;

  CreateIfAbsent(boolean atomic) {
    this.atomic = atomic;
  }

  /** How {@code fs} creates a file only if absent. */
  public static CreateIfAbsent of(FileSystem fs) {
    FileSystem raw = fs;
    if (raw instanceof LocalFileSystem || raw instanceof RawLocalFileSystem) {
      return LOCAL_CREATE_NEW;
    }
    if (raw instanceof FilterFileSystem) {
      raw = ((FilterFileSystem) raw).getRawFileSystem();
      if (raw instanceof RawLocalFileSystem) {
        return LOCAL_CREATE_NEW;
      }
    }
    String scheme = fs.getUri().getScheme();
    if (scheme != null && NAMENODE_SCHEMES.contains(scheme.toLowerCase(Locale.ROOT))) {
      return NAMENODE_CREATE;
    }
    return CHECK_THEN_CREATE;
  }

  /** Whether of two writers that create the same file at once, exactly one succeeds. */
  public boolean atomic() {
    return atomic;
  }

  /**
   * Creates {@code file} with {@code content} if it is absent: true if this call created it, false
   * if it existed (or, on HDFS, another client was creating it at the same moment).
   */
  public boolean create(FileSystem fs, Path file, byte[] content) throws IOException {
    if (this == LOCAL_CREATE_NEW) {
      File local = new File(file.toUri().getPath());
      Files.createDirectories(local.toPath().getParent());
      try {
        Files.write(
            local.toPath(), content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      }
    }
    try (FSDataOutputStream out = fs.create(file, false)) {
      out.write(content);
      return true;
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      return false;
    } catch (IOException e) {
      if (ConcurrentCreate.lostRace(e)) {
        return false;
      }
      throw e;
    }
  }

  /** The file system named for a message: its scheme and class. */
  static String describe(FileSystem fs) {
    return fs.getUri().getScheme() + " (" + fs.getClass().getName() + ")";
  }
}
