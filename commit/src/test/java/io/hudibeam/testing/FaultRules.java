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

import io.hudibeam.testing.FaultFileSystem.Effect;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.InjectedCrash;
import io.hudibeam.testing.FaultFileSystem.Operation;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The rules of {@link FaultFileSystem}: their Hadoop settings, the JVM's count of each armed rule's
 * matches, and their effects. One place for every file system that injects faults (the local one,
 * {@link FaultS3AFileSystem}, HDFS in the tests).
 */
final class FaultRules {
  private static final String PREFIX = "hudibeam.test.fault.";
  private static final String RULES = PREFIX + "rules";
  private static final Map<String, AtomicInteger> MATCHES = new ConcurrentHashMap<>();
  private static final Map<String, AtomicInteger> FIRED = new ConcurrentHashMap<>();
  private static final Map<String, CountDownLatch> RELEASES = new ConcurrentHashMap<>();
  private static final Map<String, CountDownLatch> HELD = new ConcurrentHashMap<>();
  private static final Set<String> CREATED = ConcurrentHashMap.newKeySet();

  private FaultRules() {}

  /** Arms {@code rules} in this JVM and returns the settings that install them for file: paths. */
  static Map<String, String> configuration(List<Fault> rules) {
    Map<String, String> conf = new HashMap<>();
    conf.put("fs.file.impl", FaultFileSystem.class.getName());
    conf.put("fs.file.impl.disable.cache", "true");
    Set<String> ids = new HashSet<>();
    List<String> order = new ArrayList<>();
    for (Fault rule : rules) {
      if (rule.id().contains(",") || !ids.add(rule.id())) {
        throw new IllegalArgumentException(
            "fault rule id " + rule.id() + " is used twice or contains a comma");
      }
      order.add(rule.id());
      arm(rule);
      String key = PREFIX + rule.id() + ".";
      conf.put(key + "operation", rule.operation().name());
      conf.put(key + "path", rule.path());
      conf.put(key + "skip", String.valueOf(rule.skip()));
      conf.put(key + "times", String.valueOf(rule.times()));
      conf.put(key + "effect", rule.effect().name());
      conf.put(key + "whileInflight", rule.whileInflight());
      conf.put(key + "flagFile", rule.flagFile());
      conf.put(key + "afterCreating", rule.afterCreating());
      conf.put(key + "tornBytes", String.valueOf(rule.tornBytes()));
    }
    conf.put(RULES, String.join(",", order));
    return Map.copyOf(conf);
  }

  private static void arm(Fault rule) {
    MATCHES.put(rule.id(), new AtomicInteger());
    FIRED.put(rule.id(), new AtomicInteger());
    CREATED.remove(rule.id());
    if (rule.effect() == Effect.HOLD) {
      RELEASES.putIfAbsent(rule.id(), new CountDownLatch(1));
      HELD.putIfAbsent(rule.id(), new CountDownLatch(1));
    }
  }

  /** The rules {@code conf} names, in order; none without {@link #RULES}. */
  static List<Fault> of(Configuration conf) {
    String ids = conf == null ? null : conf.get(RULES);
    if (ids == null || ids.isEmpty()) {
      return List.of();
    }
    List<Fault> rules = new ArrayList<>();
    for (String id : ids.split(",")) {
      String key = PREFIX + id + ".";
      rules.add(
          new Fault(
              id,
              Operation.valueOf(conf.get(key + "operation")),
              conf.get(key + "path"),
              conf.getInt(key + "skip", 0),
              conf.getInt(key + "times", 1),
              Effect.valueOf(conf.get(key + "effect")),
              conf.get(key + "whileInflight", ""),
              conf.get(key + "flagFile", ""),
              conf.get(key + "afterCreating", ""),
              conf.getInt(key + "tornBytes", 0)));
    }
    return rules;
  }

  static void forget(String id) {
    MATCHES.remove(id);
    FIRED.remove(id);
    RELEASES.remove(id);
    HELD.remove(id);
    CREATED.remove(id);
  }

  static void release(String id) {
    CountDownLatch release = RELEASES.get(id);
    if (release != null) {
      release.countDown();
    }
  }

  static boolean awaitHeld(String id, long timeout, TimeUnit unit) throws InterruptedException {
    // The rule may be armed after the wait began (its configuration made on another thread).
    return HELD.computeIfAbsent(id, i -> new CountDownLatch(1)).await(timeout, unit);
  }

  static int fired(String id) {
    AtomicInteger fired = FIRED.get(id);
    return fired == null ? 0 : fired.get();
  }

  /** Notes the creation of {@code f} for the rules that wait for one ({@code afterCreating}). */
  static void created(List<Fault> rules, Path f) {
    for (Fault rule : rules) {
      if (!rule.afterCreating().isEmpty()
          && MATCHES.containsKey(rule.id())
          && Pattern.matches(rule.afterCreating(), f.toUri().getPath())) {
        CREATED.add(rule.id());
      }
    }
  }

  /**
   * Takes the effect of each rule that fires at {@code operation} on {@code f}; returns the rule
   * that tears the file (the caller's to do), if one fires.
   */
  static Fault fire(List<Fault> rules, Operation operation, Path f, FileSystem fs)
      throws IOException {
    Fault tear = null;
    for (Fault rule : rules) {
      if (fires(rule, operation, f, fs)) {
        FIRED.computeIfAbsent(rule.id(), id -> new AtomicInteger()).incrementAndGet();
        if (rule.effect() == Effect.TEAR) {
          tear = rule;
        } else {
          take(rule, operation, f);
        }
      }
    }
    return tear;
  }

  private static boolean fires(Fault rule, Operation operation, Path f, FileSystem fs)
      throws IOException {
    if (rule.operation() != operation
        || !Pattern.matches(rule.path(), f.toUri().getPath())
        || (!rule.afterCreating().isEmpty() && !CREATED.contains(rule.id()))
        || (!rule.whileInflight().isEmpty() && !inflight(fs, f, rule.whileInflight()))) {
      return false;
    }
    // A rule fires only in the JVM that armed it (its configuration(), until forget), so a
    // configuration that outlives its test fires nothing; one with a flag file fires anywhere.
    AtomicInteger matches =
        rule.flagFile().isEmpty()
            ? MATCHES.get(rule.id())
            : MATCHES.computeIfAbsent(rule.id(), id -> new AtomicInteger());
    if (matches == null) {
      return false;
    }
    int match = matches.getAndIncrement();
    return match >= rule.skip() && match - rule.skip() < rule.times() && flagged(rule, f);
  }

  private static void take(Fault rule, Operation operation, Path f) throws IOException {
    String what = operation.name().toLowerCase(Locale.ROOT);
    switch (rule.effect()) {
      case NOTE:
        return;
      case HOLD:
        awaitRelease(rule, what, f);
        return;
      case CRASH:
        throw new InjectedCrash(
            operation == Operation.RENAME
                ? "injected crash after renaming to " + f
                : rule.whileInflight().isEmpty()
                    ? "injected crash at " + what + " of " + f
                    : "injected crash of a " + rule.whileInflight() + " at " + what + " of " + f);
      default:
        throw new IOException(failure(operation) + f);
    }
  }

  private static String failure(Operation operation) {
    switch (operation) {
      case CREATE:
        return "injected failure creating ";
      case OPENED:
        return "injected failure after opening ";
      case DELETE:
        return "injected failure deleting ";
      case CLOSE:
        return "injected crash after writing ";
      case RENAME:
        return "injected failure after renaming to ";
      case EXISTS:
        return "injected failure looking for ";
      default:
        return "injected failure after writing ";
    }
  }

  private static void awaitRelease(Fault rule, String what, Path f) throws IOException {
    CountDownLatch held = HELD.get(rule.id());
    if (held != null) {
      held.countDown();
    }
    CountDownLatch release = RELEASES.get(rule.id());
    if (release == null) {
      return;
    }
    try {
      if (!release.await(FaultFileSystem.HOLD_SECONDS, TimeUnit.SECONDS)) {
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

  /**
   * Whether the table of {@code file} has an instant of {@code action} inflight, not completed.
   * Asks the file system by listing and {@code getFileStatus}, never {@code exists}, which an
   * {@link Operation#EXISTS} rule watches.
   */
  private static boolean inflight(FileSystem fs, Path file, String action) throws IOException {
    Path folder = file.getParent();
    while (folder != null && !isThere(fs, new Path(folder, ".hoodie"))) {
      folder = folder.getParent();
    }
    if (folder == null) {
      return false;
    }
    Set<String> names = new HashSet<>();
    for (FileStatus s : fs.listStatus(new Path(folder, ".hoodie"))) {
      names.add(s.getPath().getName());
    }
    for (String name : names) {
      if (name.endsWith("." + action + ".inflight")
          && !names.contains(name.substring(0, name.indexOf('.')) + "." + action)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isThere(FileSystem fs, Path path) throws IOException {
    try {
      fs.getFileStatus(path);
      return true;
    } catch (FileNotFoundException absent) {
      return false;
    }
  }

  /**
   * The stream of a torn file: passes the first bytes through (flushed), then fails every write.
   */
  static final class Torn extends OutputStream {
    private final FSDataOutputStream out;
    private final Path path;
    private long left;

    Torn(FSDataOutputStream out, int bytes, Path path) {
      this.out = out;
      this.left = bytes;
      this.path = path;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (len > left) {
        out.write(b, off, (int) left);
        left = 0;
        out.hflush();
        throw new IOException("injected failure mid-file " + path);
      }
      out.write(b, off, len);
      left -= len;
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
