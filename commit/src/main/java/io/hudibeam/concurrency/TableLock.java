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

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The table lock, on the file Hudi 0.15's {@code FileSystemBasedLockProvider} uses, so it also
 * excludes a Hudi writer configured with that provider: the file {@code lock} in {@value
 * LockSettings#PATH} (default the table's {@code .hoodie}), created only if absent, holding the
 * provider's JSON ({@code lockCreateTime} as {@code yyyy-MM-dd HH:mm:ss.SSS} in the JVM's zone,
 * {@code lockThreadName}, {@code lockStacksInfo}, which later Hudi versions write and 0.15 means to
 * write: its provider leaves the file empty, and only logs the content); a lock file whose
 * modification time is more than {@value LockSettings#EXPIRE_MINUTES} minutes old is deleted as
 * abandoned (0: never); released by deleting the file. A held lock is tried again {@value
 * LockSettings#CLIENT_RETRIES} times {@value LockSettings#CLIENT_RETRY_WAIT} ms apart, as Hudi's
 * {@code LockManager} does.
 *
 * <p>The file is created only if absent ({@link CreateIfAbsent}), atomically where the file system
 * allows it: on the local file system with {@code CREATE_NEW}, on HDFS with {@code create(path,
 * false)} (a writer that loses the race gets {@code FileAlreadyExistsException}, or {@code
 * AlreadyBeingCreatedException} while the winner still writes the file: both mean the lock is held;
 * {@code HudiIOHdfsIT}), and on S3 through Hadoop 3.4.2's S3A with an {@code If-None-Match: *}
 * upload where the store honours it ({@link CreateIfAbsent#CONDITIONAL_PUT}, probed once per lock).
 * Object stores without atomic creation (S3A on an older Hadoop or a store that ignores the
 * condition) give no mutual exclusion ({@link #excludesOtherWriters()}), as with Hudi's provider,
 * which refuses them; the start of a write checks it ({@link StorageGuarantees}).
 *
 * <p>With {@link LockSettings#inProcess()} (Hudi's {@code InProcessLockProvider}) no file is
 * written: the lock is an entry, per lock-file path, in this JVM's {@link InProcessLocks}, taken
 * and retried the same way; it excludes only writers in the same JVM.
 */
public final class TableLock {
  private static final Logger LOG = LoggerFactory.getLogger(TableLock.class);
  static final String LOCK_FILE_NAME = "lock";
  private static final DateTimeFormatter CREATE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

  /** Waits between tries; a test passes one that records instead of sleeping. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(long millis) throws InterruptedException;
  }

  private final FileSystem fs;
  private final TablePaths paths;
  private final Path lockFile;
  private final LockSettings settings;
  private final Clock clock;
  private final Sleeper sleeper;
  // How the lock file is created, probed at first use ({@link CreateIfAbsent#probe}).
  private CreateIfAbsent createIfAbsent;

  public TableLock(
      FileSystem fs, TablePaths paths, LockSettings settings, Clock clock, Sleeper sleeper) {
    this.fs = fs;
    this.paths = paths;
    this.lockFile =
        new Path(settings.lockFolder().map(Path::new).orElse(paths.metaFolder()), LOCK_FILE_NAME);
    this.settings = settings;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  public TableLock(FileSystem fs, TablePaths paths, LockSettings settings, Clock clock) {
    this(fs, paths, settings, clock, Thread::sleep);
  }

  public Path lockFile() {
    return lockFile;
  }

  /** Takes the lock, waiting while another writer holds it. */
  public Held acquire(String purpose) {
    long waitingSince = clock.millis();
    long lastReport = waitingSince;
    for (int attempt = 0; ; attempt++) {
      if (tryLock()) {
        LOG.debug("Table {}: took lock {} to {}", paths, lockFile, purpose);
        return new Held(purpose);
      }
      if (clock.millis() - lastReport >= WAIT_REPORT_MILLIS) {
        lastReport = clock.millis();
        LOG.info(
            "Table {}: waiting {} s for the lock {} to {} (try {} of {}); the lock file is {}; its"
                + " holder: {}",
            paths,
            (lastReport - waitingSince) / 1000,
            lockFile,
            purpose,
            attempt + 1,
            settings.clientRetries() + 1,
            lockFileAge(),
            holder());
      }
      if (attempt >= settings.clientRetries()) {
        throw new HudiTableException(
            String.format(
                "Cannot take the lock %s of table %s to %s: another writer held it on all %d tries, %d ms"
                    + " apart (%s, %s). Its holder: %s. If no writer of this table is running, the lock"
                    + " was abandoned by a crashed writer: delete the file, or set %s (minutes) to let"
                    + " abandoned locks expire.",
                lockFile,
                paths,
                purpose,
                attempt + 1,
                settings.retryWaitMillis(),
                LockSettings.CLIENT_RETRIES,
                LockSettings.CLIENT_RETRY_WAIT,
                holder(),
                LockSettings.EXPIRE_MINUTES));
      }
      try {
        sleeper.sleep(settings.retryWaitMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new HudiTableException("Interrupted while waiting for the lock " + lockFile, e);
      }
    }
  }

  /** How often a writer waiting for the lock says so. */
  static final long WAIT_REPORT_MILLIS = 5_000;

  /** "N s old", or "gone" when it was released meanwhile. */
  private String lockFileAge() {
    if (settings.inProcess()) {
      return "an in-process lock";
    }
    try {
      long modified = fs.getFileStatus(lockFile).getModificationTime();
      return ((clock.millis() - modified) / 1000) + " s old";
    } catch (FileNotFoundException e) {
      return "gone";
    } catch (IOException e) {
      return "unreadable (" + e + ")";
    }
  }

  private boolean tryLock() {
    if (settings.inProcess()) {
      return InProcessLocks.tryLock(lockFile.toString(), Thread.currentThread().getName());
    }
    try {
      if (fs.exists(lockFile)) {
        if (!isExpired()) {
          return false;
        }
        LOG.warn(
            "Table {}: deleting the expired lock {} (older than {}={} minutes)",
            paths,
            lockFile,
            LockSettings.EXPIRE_MINUTES,
            settings.expireMinutes());
        fs.delete(lockFile, false);
      }
      return create(lockInfo().getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot take the lock " + lockFile, e);
    }
  }

  private boolean isExpired() throws IOException {
    if (settings.expireMinutes() == 0) {
      return false;
    }
    try {
      long modified = fs.getFileStatus(lockFile).getModificationTime();
      return clock.millis() - modified > settings.expireMinutes() * 60_000L;
    } catch (FileNotFoundException e) {
      return true;
    }
  }

  private boolean create(byte[] content) throws IOException {
    return createIfAbsent().create(fs, lockFile, content);
  }

  /**
   * How this lock's file is created only if absent: on S3A probed once per lock, with a scratch
   * file in the table's base path, whether the store honours a conditional create. Not in {@code
   * .hoodie}: deleting the scratch file leaves S3A's marker of its folder, which would make a table
   * not yet created look present.
   */
  public synchronized CreateIfAbsent createIfAbsent() {
    if (createIfAbsent == null) {
      createIfAbsent = CreateIfAbsent.probe(fs, paths.basePath());
    }
    return createIfAbsent;
  }

  /**
   * Whether this lock excludes every other writer: held in this JVM ({@link
   * LockSettings#inProcess()}), or a lock file on a file system that creates a file only if absent
   * in one atomic step ({@link CreateIfAbsent#atomic()}: the local file system, HDFS, and S3 where
   * S3A's conditional create is honoured).
   */
  public boolean excludesOtherWriters() {
    return settings.inProcess() || createIfAbsent().atomic();
  }

  /** The JSON of Hudi's {@code LockInfo}, pretty-printed as Jackson's default printer does. */
  private String lockInfo() {
    String time =
        CREATE_TIME.format(Instant.ofEpochMilli(clock.millis()).atZone(ZoneId.systemDefault()));
    List<String> frames = new ArrayList<>();
    for (StackTraceElement e : Thread.currentThread().getStackTrace()) {
      frames.add(
          json(
              String.format(
                  "%s.%s (%s:%s)",
                  e.getClassName(), e.getMethodName(), e.getFileName(), e.getLineNumber())));
    }
    return "{\n  \"lockCreateTime\" : "
        + json(time)
        + ",\n  \"lockThreadName\" : "
        + json(Thread.currentThread().getName())
        + ",\n  \"lockStacksInfo\" : [ "
        + String.join(", ", frames)
        + " ]\n}";
  }

  private static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }

  private String holder() {
    if (settings.inProcess()) {
      return InProcessLocks.holder(lockFile.toString())
          .map(thread -> "thread " + thread + " of this JVM (in-process lock)")
          .orElse("none any more (in-process lock)");
    }
    try (InputStream in = fs.open(lockFile)) {
      String content = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      if (content.isBlank()) {
        return "unknown (an empty lock file, as Hudi 0.15's provider writes)";
      }
      int end = content.indexOf("\"lockStacksInfo\"");
      return (end > 0 ? content.substring(0, end) : content).replaceAll("\\s+", " ").trim();
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  /** A held lock; closing releases it. */
  public final class Held implements AutoCloseable {
    private final String purpose;
    private boolean released;

    private Held(String purpose) {
      this.purpose = purpose;
    }

    @Override
    public void close() {
      if (released) {
        return;
      }
      released = true;
      if (settings.inProcess()) {
        InProcessLocks.unlock(lockFile.toString());
        LOG.debug("Table {}: released the in-process lock after {}", paths, purpose);
        return;
      }
      try {
        fs.delete(lockFile, false);
        LOG.debug("Table {}: released lock {} after {}", paths, lockFile, purpose);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot release the lock " + lockFile, e);
      }
    }
  }
}
