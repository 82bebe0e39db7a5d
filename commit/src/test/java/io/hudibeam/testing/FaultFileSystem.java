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
package io.hudibeam.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The tests' one fault-injecting local file system: a {@link Fault} in the pipeline's Hadoop
 * configuration says at which operation on which paths it fails, after how many matches, how often,
 * and how ({@link Effect}). Installed with {@link Fault#configuration}: {@code fs.file.impl} set to
 * this class, uncached, so every worker's instance reads the rule from its configuration. A rule is
 * armed in the JVM that made its configuration and its matches are counted there by the rule's id
 * until {@link #forget}; a rule with a flag file fires only for the writer that creates that file,
 * so "once" also holds across JVMs.
 */
public final class FaultFileSystem extends LocalFileSystem {
  private static final String PREFIX = "hudibeam.test.fault.";
  private static final Map<String, AtomicInteger> MATCHES = new ConcurrentHashMap<>();
  private static final Map<String, CountDownLatch> RELEASES = new ConcurrentHashMap<>();

  /** How long a held operation waits for {@link #release} before it fails. */
  static final long HOLD_SECONDS = 120;

  /** The operation a rule watches. */
  public enum Operation {
    /** The creation of a file, before anything is written. */
    CREATE,
    /** The close of a created file, after its bytes are complete. */
    CLOSE,
    /** The deletion of a file or folder. */
    DELETE,
    /**
     * A file in place at its path: a created file closed, or a file renamed to it (as a timeline
     * file is moved in from a temporary one).
     */
    IN_PLACE
  }

  /** What a rule does when it fires. */
  public enum Effect {
    /** Throws an {@link IOException}, as a storage error would. */
    FAIL,
    /**
     * Throws an {@link InjectedCrash}, a {@code RuntimeException} no storage error handler catches:
     * nothing after it runs, as after a kill.
     */
    CRASH,
    /**
     * Waits until the test calls {@link #release} with the rule's id (at most {@value
     * #HOLD_SECONDS} s, then fails), and then goes on as if there were no rule.
     */
    HOLD
  }

  /** The crash of {@link Effect#CRASH}. */
  public static final class InjectedCrash extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InjectedCrash(String message) {
      super(message);
    }
  }

  /**
   * A fault: at {@code operation} on a path whose URI path matches {@code path}, after {@code skip}
   * matches pass, the next {@code times} matches take {@code effect}; with {@code whileInflight}, a
   * path counts only while its table (the nearest folder with a {@code .hoodie}) has an inflight
   * instant of that action; with {@code flagFile}, the rule fires only if it creates that file.
   */
  public record Fault(
      String id,
      Operation operation,
      String path,
      int skip,
      int times,
      Effect effect,
      String whileInflight,
      String flagFile) {

    /** Fails the first {@code operation} on a path matching {@code path}. */
    public static Fault on(String id, Operation operation, String path) {
      return new Fault(id, operation, path, 0, 1, Effect.FAIL, "", "");
    }

    /** A data file: a {@code .parquet} file outside {@code .hoodie}. */
    public static final String BASE_FILE = "^(?!.*/\\.hoodie/).*\\.parquet$";

    public Fault skip(int n) {
      return new Fault(id, operation, path, n, times, effect, whileInflight, flagFile);
    }

    /** Takes effect at every match after the skipped ones, not only the first. */
    public Fault everyTime() {
      return new Fault(
          id, operation, path, skip, Integer.MAX_VALUE, effect, whileInflight, flagFile);
    }

    /** Holds the operation until {@link FaultFileSystem#release} instead of failing it. */
    public Fault hold() {
      return new Fault(id, operation, path, skip, times, Effect.HOLD, whileInflight, flagFile);
    }

    public Fault crash() {
      return new Fault(id, operation, path, skip, times, Effect.CRASH, whileInflight, flagFile);
    }

    public Fault whileInflight(String action) {
      return new Fault(id, operation, path, skip, times, effect, action, flagFile);
    }

    /** Fires only for the writer that creates {@code flag}: once, across JVMs. */
    public Fault onceFlaggedBy(String flag) {
      return new Fault(id, operation, path, skip, times, effect, whileInflight, flag);
    }

    /** The Hadoop settings that install this file system with this rule. */
    public Map<String, String> configuration() {
      MATCHES.put(id, new AtomicInteger());
      if (effect == Effect.HOLD) {
        RELEASES.putIfAbsent(id, new CountDownLatch(1));
      }
      Map<String, String> conf = new HashMap<>();
      conf.put("fs.file.impl", FaultFileSystem.class.getName());
      conf.put("fs.file.impl.disable.cache", "true");
      conf.put(PREFIX + "id", id);
      conf.put(PREFIX + "operation", operation.name());
      conf.put(PREFIX + "path", path);
      conf.put(PREFIX + "skip", String.valueOf(skip));
      conf.put(PREFIX + "times", String.valueOf(times));
      conf.put(PREFIX + "effect", effect.name());
      conf.put(PREFIX + "whileInflight", whileInflight);
      conf.put(PREFIX + "flagFile", flagFile);
      return Map.copyOf(conf);
    }

    static Fault of(Configuration conf) {
      String id = conf == null ? null : conf.get(PREFIX + "id");
      if (id == null) {
        return null;
      }
      return new Fault(
          id,
          Operation.valueOf(conf.get(PREFIX + "operation")),
          conf.get(PREFIX + "path"),
          conf.getInt(PREFIX + "skip", 0),
          conf.getInt(PREFIX + "times", 1),
          Effect.valueOf(conf.get(PREFIX + "effect")),
          conf.get(PREFIX + "whileInflight", ""),
          conf.get(PREFIX + "flagFile", ""));
    }
  }

  /** Disarms rule {@code id}: its configuration fires nothing any more in this JVM. */
  public static void forget(String id) {
    MATCHES.remove(id);
    RELEASES.remove(id);
  }

  /** Lets the operations rule {@code id} holds (and all it would hold later) go on. */
  public static void release(String id) {
    CountDownLatch release = RELEASES.get(id);
    if (release != null) {
      release.countDown();
    }
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
    Fault rule = Fault.of(getConf());
    check(rule, Operation.CREATE, f, this);
    FSDataOutputStream out =
        super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    if (rule == null
        || (rule.operation() != Operation.CLOSE && rule.operation() != Operation.IN_PLACE)) {
      return out;
    }
    return new FSDataOutputStream(out, null) {
      @Override
      public void close() throws IOException {
        super.close();
        check(rule, rule.operation(), f, FaultFileSystem.this);
      }
    };
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    boolean renamed = super.rename(src, dst);
    if (renamed) {
      check(Fault.of(getConf()), Operation.IN_PLACE, dst, this);
    }
    return renamed;
  }

  @Override
  public boolean delete(Path f, boolean recursive) throws IOException {
    check(Fault.of(getConf()), Operation.DELETE, f, this);
    return super.delete(f, recursive);
  }

  /**
   * The hook for other file systems (HDFS in the tests): takes the effect of the rule in {@code
   * conf}, if any, at {@code operation} on {@code f} of {@code fs}.
   */
  public static void check(Configuration conf, Operation operation, Path f, FileSystem fs)
      throws IOException {
    check(Fault.of(conf), operation, f, fs);
  }

  /** Takes the rule's effect if {@code operation} on {@code f} is one it fires at. */
  private static void check(Fault rule, Operation operation, Path f, FileSystem fs)
      throws IOException {
    if (rule == null
        || rule.operation() != operation
        || !Pattern.matches(rule.path(), f.toUri().getPath())
        || (!rule.whileInflight().isEmpty() && !inflight(fs, f, rule.whileInflight()))) {
      return;
    }
    // A rule fires only in the JVM that armed it (its configuration(), until forget), so a
    // configuration that outlives its test fires nothing; one with a flag file fires anywhere.
    AtomicInteger matches =
        rule.flagFile().isEmpty()
            ? MATCHES.get(rule.id())
            : MATCHES.computeIfAbsent(rule.id(), id -> new AtomicInteger());
    if (matches == null) {
      return;
    }
    int match = matches.getAndIncrement();
    if (match < rule.skip() || match - rule.skip() >= rule.times() || !flagged(rule, f)) {
      return;
    }
    String what = operation.name().toLowerCase(Locale.ROOT);
    if (rule.effect() == Effect.HOLD) {
      awaitRelease(rule, what, f);
      return;
    }
    if (rule.effect() == Effect.CRASH) {
      throw new InjectedCrash(
          rule.whileInflight().isEmpty()
              ? "injected crash at " + what + " of " + f
              : "injected crash of a " + rule.whileInflight() + " at " + what + " of " + f);
    }
    throw new IOException(
        operation == Operation.CLOSE
            ? "injected crash after writing " + f
            : operation == Operation.IN_PLACE
                ? "injected failure after writing " + f
                : "injected failure "
                    + (operation == Operation.CREATE ? "creating " : "deleting ")
                    + f);
  }

  private static void awaitRelease(Fault rule, String what, Path f) throws IOException {
    CountDownLatch release = RELEASES.get(rule.id());
    if (release == null) {
      return;
    }
    try {
      if (!release.await(HOLD_SECONDS, TimeUnit.SECONDS)) {
        throw new IOException("the test never released its hold at " + what + " of " + f);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while held at " + what + " of " + f, e);
    }
  }

  private static boolean flagged(Fault rule, Path f) throws IOException {
    if (rule.flagFile().isEmpty()) {
      return true;
    }
    try {
      Files.write(
          Paths.get(rule.flagFile()),
          f.toUri().getPath().getBytes(StandardCharsets.UTF_8),
          StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE);
      return true;
    } catch (FileAlreadyExistsException alreadyFired) {
      return false;
    }
  }

  /** Whether the table of {@code file} has an instant of {@code action} inflight, not completed. */
  private static boolean inflight(FileSystem fs, Path file, String action) throws IOException {
    Path folder = file.getParent();
    while (folder != null && !fs.exists(new Path(folder, ".hoodie"))) {
      folder = folder.getParent();
    }
    if (folder == null) {
      return false;
    }
    Path meta = new Path(folder, ".hoodie");
    for (FileStatus s : fs.listStatus(meta)) {
      String name = s.getPath().getName();
      if (name.endsWith("." + action + ".inflight")) {
        String time = name.substring(0, name.indexOf('.'));
        if (!fs.exists(new Path(meta, time + "." + action))) {
          return true;
        }
      }
    }
    return false;
  }
}
