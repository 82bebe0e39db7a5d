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
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FSDataOutputStreamBuilder;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 *   <li>{@link #CONDITIONAL_PUT}: S3 through Hadoop 3.4.2's S3A ({@code
 *       fs.s3a.create.conditional.enabled}, the default): {@code createFile(path).overwrite(false)
 *       .must("fs.option.create.conditional.overwrite", true)} uploads with {@code If-None-Match:
 *       *}, which the store refuses with 412 if the object exists (S3 since August 2024). S3A then
 *       skips its own probes, so the store's answer is the only check: used only where {@link
 *       #probe} saw the store refuse a second conditional create of one key.
 *   <li>{@link #CHECK_THEN_CREATE}: any other file system, and S3A where the client lacks the
 *       option (Hadoop before 3.4.2, or the setting false) or the store ignores the condition
 *       (S3Proxy 2.6.0, S3 before August 2024): {@code create(path, false)} probes for the file,
 *       then writes it; two writers may both see it absent and both "create" it, the later upload
 *       replacing the earlier.
 * </ul>
 *
 * <p>Hudi's {@code FileSystemBasedLockProvider} (0.15) makes the same distinction by refusing
 * object-store schemes outright ({@code StorageSchemes.isAtomicCreationSupported}); Hudi 1.x's
 * storage-based lock (RFC-91) rests on the same conditional write.
 */
public enum CreateIfAbsent {
  LOCAL_CREATE_NEW(true),
  NAMENODE_CREATE(true),
  CONDITIONAL_PUT(true),
  CHECK_THEN_CREATE(false);

  private static final Logger LOG = LoggerFactory.getLogger(CreateIfAbsent.class);

  /** S3A's switch for conditional creates (Hadoop 3.4.2, default true). */
  public static final String S3A_CONDITIONAL_ENABLED = "fs.s3a.create.conditional.enabled";

  /** The mandatory create option that asks S3A for an {@code If-None-Match: *} upload. */
  public static final String CONDITIONAL_OVERWRITE = "fs.option.create.conditional.overwrite";

  private static final int PRECONDITION_FAILED = 412;

  private static final Set<String> NAMENODE_SCHEMES =
      Set.of("hdfs", "viewfs", "webhdfs", "swebhdfs");

  private final boolean atomic;

  CreateIfAbsent(boolean atomic) {
    this.atomic = atomic;
  }

  /**
   * How {@code fs} creates a file only if absent, as far as its kind tells: {@link
   * #CHECK_THEN_CREATE} for S3A, whose conditional create only {@link #probe} can confirm.
   */
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

  /**
   * How {@code fs} creates a file only if absent, trying S3A's conditional create where the client
   * offers it: a scratch file in {@code scratchFolder} is created conditionally twice; if the
   * second is refused the store honours the condition ({@link #CONDITIONAL_PUT}), if it succeeds
   * (the store ignored {@code If-None-Match}) or the client rejects the option, {@link
   * #CHECK_THEN_CREATE}. The scratch file is deleted. Costs three requests (two PUTs, a DELETE with
   * its probe); callers keep the answer for the life of their lock ({@link TableLock}).
   */
  public static CreateIfAbsent probe(FileSystem fs, Path scratchFolder) {
    CreateIfAbsent kind = of(fs);
    if (kind != CHECK_THEN_CREATE
        || !"s3a".equalsIgnoreCase(fs.getUri().getScheme())
        || !fs.getConf().getBoolean(S3A_CONDITIONAL_ENABLED, true)) {
      return kind;
    }
    Path scratch = new Path(scratchFolder, ".create-if-absent-probe-" + UUID.randomUUID());
    byte[] content = "probe".getBytes(StandardCharsets.UTF_8);
    try {
      if (!conditionalCreate(fs, scratch, content)) {
        LOG.warn("{}: a conditional create of the new file {} was refused", describe(fs), scratch);
        return CHECK_THEN_CREATE;
      }
      if (conditionalCreate(fs, scratch, content)) {
        LOG.info(
            "{}: the store ignores If-None-Match on a PUT (a second conditional create of {}"
                + " succeeded): a create-if-absent is a probe and an upload there",
            describe(fs),
            scratch);
        return CHECK_THEN_CREATE;
      }
      return CONDITIONAL_PUT;
    } catch (IllegalArgumentException | UnsupportedOperationException | IOException e) {
      // Hadoop before 3.4.2: "Unknown mandatory key"; 3.4.2 with the setting false: "Conditional
      // Writes Unavailable".
      LOG.info(
          "{}: no conditional create ({}={} needs Hadoop 3.4.2's S3A): {}",
          describe(fs),
          CONDITIONAL_OVERWRITE,
          true,
          e.toString());
      return CHECK_THEN_CREATE;
    } finally {
      try {
        fs.delete(scratch, false);
      } catch (IOException e) {
        LOG.warn("Cannot delete the scratch file {}", scratch, e);
      }
    }
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
    if (this == CONDITIONAL_PUT) {
      return conditionalCreate(fs, file, content);
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

  /**
   * Uploads {@code file} with {@code If-None-Match: *} through S3A: true if created, false if the
   * store refused it as existing (412, at the upload, which S3A makes when the stream closes).
   */
  private static boolean conditionalCreate(FileSystem fs, Path file, byte[] content)
      throws IOException {
    FSDataOutputStreamBuilder<?, ?> builder = fs.createFile(file).overwrite(false);
    builder.must(CONDITIONAL_OVERWRITE, true);
    try (FSDataOutputStream out = builder.build()) {
      out.write(content);
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      return false;
    } catch (IOException e) {
      if (preconditionFailed(e)) {
        return false;
      }
      throw e;
    }
    return true;
  }

  /**
   * Whether {@code e} reports the store's 412 (S3A: {@code RemoteFileChangedException}, the AWS
   * SDK's {@code S3Exception} with status 412 as its cause).
   */
  static boolean preconditionFailed(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String name = t.getClass().getSimpleName();
      String message = String.valueOf(t.getMessage());
      if (name.equals("RemoteFileChangedException")
          || message.contains("PreconditionFailed")
          || message.contains("Status Code: " + PRECONDITION_FAILED)
          || message.contains("statusCode=" + PRECONDITION_FAILED)) {
        return true;
      }
    }
    return false;
  }

  /** The file system named for a message: its scheme and class. */
  static String describe(FileSystem fs) {
    return fs.getUri().getScheme() + " (" + fs.getClass().getName() + ")";
  }
}
