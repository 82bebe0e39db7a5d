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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider;
import org.apache.hudi.common.config.LockConfiguration;
import org.apache.hudi.common.config.TypedProperties;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The table lock against Hudi 0.15's own {@code FileSystemBasedLockProvider} on the same table:
 * each excludes the other, Hudi reads our lock file's content as its own, a held lock is tried
 * again after the configured waits (a recording sleeper, no real sleep), and an expired lock is
 * taken over.
 */
public class TableLockTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private String base;
  private TablePaths paths;

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(conf);
    base = tmp.newFolder("trips").getAbsolutePath();
    paths = TablePaths.of(base);
    new File(base, ".hoodie").mkdirs();
  }

  private FileSystemBasedLockProvider hudiLock(int expireMinutes) {
    TypedProperties props = new TypedProperties();
    props.setProperty("hoodie.base.path", base);
    props.setProperty(
        LockConfiguration.FILESYSTEM_LOCK_EXPIRE_PROP_KEY, String.valueOf(expireMinutes));
    return new FileSystemBasedLockProvider(
        new LockConfiguration(props), new HadoopStorageConfiguration(conf));
  }

  @Test
  public void excludesHudisFileSystemBasedLockProviderBothWays() throws Exception {
    FileSystemBasedLockProvider hudi = hudiLock(0);
    TableLock ours = new TableLock(fs, paths, new LockSettings(null, 0, 0, 0), Clock.systemUTC());
    assertThat(ours.lockFile().toString(), is(hudi.getLock()));

    assertThat(hudi.tryLock(0, TimeUnit.MILLISECONDS), is(true));
    // Hudi 0.15's provider leaves its lock file empty (it writes its LockInfo only if the file it
    // has just created does not exist); later versions write the JSON we write.
    assertThat(new File(base, ".hoodie/lock").length(), is(0L));
    HudiTableException refused =
        assertThrows(HudiTableException.class, () -> ours.acquire("commit 1"));
    assertThat(
        refused.getMessage(),
        allOf(
            containsString("Cannot take the lock " + hudi.getLock()),
            containsString("to commit 1"),
            containsString(
                "Its holder: unknown (an empty lock file, as Hudi 0.15's provider writes)"),
            containsString("hoodie.write.lock.filesystem.expire")));
    hudi.unlock();

    try (TableLock.Held held = ours.acquire("commit 2")) {
      assertThat(hudi.tryLock(0, TimeUnit.MILLISECONDS), is(false));
      JsonNode info = new ObjectMapper().readTree(hudi.getCurrentOwnerLockInfo());
      assertThat(
          info.get("lockCreateTime")
              .asText()
              .matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}"),
          is(true));
      assertThat(info.get("lockThreadName").asText(), is(Thread.currentThread().getName()));
      assertThat(info.get("lockStacksInfo").isArray(), is(true));
    }
    assertThat(new File(base, ".hoodie/lock").exists(), is(false));
    assertThat(hudi.tryLock(0, TimeUnit.MILLISECONDS), is(true));
    hudi.unlock();
  }

  @Test
  public void aHeldLockIsTriedAgainAfterTheConfiguredWaits() throws Exception {
    FileSystemBasedLockProvider hudi = hudiLock(0);
    assertThat(hudi.tryLock(0, TimeUnit.MILLISECONDS), is(true));
    List<Long> waits = new ArrayList<>();
    LockSettings settings =
        SettingsReader.lock(
            Map.of(LockSettings.CLIENT_RETRIES, "3", LockSettings.CLIENT_RETRY_WAIT, "250"));
    java.util.concurrent.atomic.AtomicBoolean releaseOnSecondWait =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    TableLock ours =
        new TableLock(
            fs,
            paths,
            settings,
            Clock.systemUTC(),
            millis -> {
              waits.add(millis);
              if (waits.size() == 2 && releaseOnSecondWait.getAndSet(false)) {
                hudi.unlock();
              }
            });
    try (TableLock.Held held = ours.acquire("start a commit")) {
      assertThat(waits, is(List.of(250L, 250L)));
    }

    assertThat(hudi.tryLock(0, TimeUnit.MILLISECONDS), is(true));
    waits.clear();
    HudiTableException gaveUp =
        assertThrows(HudiTableException.class, () -> ours.acquire("start a commit"));
    assertThat(
        gaveUp.getMessage(), containsString("another writer held it on all 4 tries, 250 ms apart"));
    assertThat(waits, is(List.of(250L, 250L, 250L)));
    hudi.unlock();
  }

  @Test
  public void aLockOlderThanItsExpiryIsTakenOver() throws Exception {
    FileSystemBasedLockProvider hudi = hudiLock(0);
    assertThat(hudi.tryLock(0, TimeUnit.MILLISECONDS), is(true));
    LockSettings expireAfterOneMinute = new LockSettings(null, 1, 0, 0);
    // Never expires with the default (0); one minute is not yet past; 61 s later it is.
    assertThrows(
        HudiTableException.class,
        () ->
            new TableLock(fs, paths, LockSettings.defaults().withRetries(0, 0), Clock.systemUTC())
                .acquire("x"));
    assertThrows(
        HudiTableException.class,
        () -> new TableLock(fs, paths, expireAfterOneMinute, Clock.systemUTC()).acquire("x"));
    Clock later = Clock.offset(Clock.systemUTC(), Duration.ofSeconds(61));
    try (TableLock.Held held = new TableLock(fs, paths, expireAfterOneMinute, later).acquire("x")) {
      String content = Files.readString(new File(base, ".hoodie/lock").toPath());
      assertThat(content, containsString("\"lockThreadName\" : "));
    }
    assertThat(SettingsReader.lock(Map.of()), is(new LockSettings(null, 0, 50, 5000)));
    HudiTableException bad =
        assertThrows(
            HudiTableException.class,
            () -> SettingsReader.lock(Map.of(LockSettings.EXPIRE_MINUTES, "-1")));
    assertThat(
        bad.getMessage(),
        containsString(
            "hoodie.write.lock.filesystem.expire must be a whole number >= 0, but was '-1'"));
  }

  /**
   * Hudi's InProcessLockProvider: the lock is held in this JVM, never as a file; a second taker on
   * the same table is refused (after its retries, naming the holder's thread) while the first holds
   * it, and takes it once released; another table's lock is independent.
   */
  @Test
  public void theInProcessLockExcludesWritersInThisJvmWithoutALockFile() throws Exception {
    LockSettings inProcess =
        SettingsReader.lock(
                Map.of(
                    "hoodie.write.lock.provider",
                    "org.apache.hudi.client.transaction.lock.InProcessLockProvider"))
            .withRetries(2, 1);
    assertThat(inProcess.inProcess(), is(true));
    List<Long> waits = new ArrayList<>();
    TableLock first = new TableLock(fs, paths, inProcess, Clock.systemUTC());
    TableLock second = new TableLock(fs, paths, inProcess, Clock.systemUTC(), waits::add);
    String otherBase = tmp.newFolder("other").getAbsolutePath();
    TableLock otherTable =
        new TableLock(fs, TablePaths.of(otherBase), inProcess, Clock.systemUTC());
    try (TableLock.Held held = first.acquire("first")) {
      assertThat(new File(base, ".hoodie/lock").exists(), is(false));
      HudiTableException refused =
          assertThrows(HudiTableException.class, () -> second.acquire("second"));
      assertThat(
          refused.getMessage(),
          containsString("thread " + Thread.currentThread().getName() + " of this JVM"));
      assertThat(waits, is(List.of(1L, 1L)));
      try (TableLock.Held other = otherTable.acquire("another table")) {
        assertThat(new File(otherBase, ".hoodie/lock").exists(), is(false));
      }
    }
    try (TableLock.Held held = second.acquire("second, after the release")) {
      assertThat(new File(base, ".hoodie/lock").exists(), is(false));
    }
    // A file lock of the same table is a different lock: the in-process one never touches it.
    try (TableLock.Held file =
        new TableLock(fs, paths, LockSettings.defaults(), Clock.systemUTC()).acquire("file")) {
      assertThat(new File(base, ".hoodie/lock").exists(), is(true));
    }
  }

  /**
   * A leftover lock file: a writer waiting for it says so every 5 s, with the lock file's age and
   * holder, instead of waiting without a word (issue #32). The clock moves with the sleeper.
   */
  @Test
  public void aWriterWaitingForTheLockSaysWhatItWaitsFor() throws Exception {
    java.nio.file.Files.writeString(
        new File(base, ".hoodie/lock").toPath(), "{\"lockThreadName\" : \"crashed-writer\"}");
    long start = new File(base, ".hoodie/lock").lastModified();
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(start);
    Clock clock =
        new Clock() {
          @Override
          public java.time.ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
          }

          @Override
          public Clock withZone(java.time.ZoneId zone) {
            return this;
          }

          @Override
          public java.time.Instant instant() {
            return java.time.Instant.ofEpochMilli(now.get());
          }
        };
    TableLock lock =
        new TableLock(fs, paths, new LockSettings(null, 0, 4, 3000), clock, now::addAndGet);
    java.io.PrintStream stderr = System.err;
    java.io.ByteArrayOutputStream logged = new java.io.ByteArrayOutputStream();
    // slf4j-simple writes to System.err as it is when a line is logged.
    System.setErr(new java.io.PrintStream(logged, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      assertThrows(HudiTableException.class, () -> lock.acquire("commit 3"));
    } finally {
      System.setErr(stderr);
    }
    String log = logged.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(
        log,
        allOf(
            containsString("waiting 6 s for the lock " + lock.lockFile() + " to commit 3"),
            containsString("the lock file is 6 s old"),
            containsString("crashed-writer"),
            containsString("waiting 12 s for the lock")));
  }
}
