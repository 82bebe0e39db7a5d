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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The tests' one fault-injecting file system: {@link Fault} rules in the pipeline's Hadoop
 * configuration say at which operation on which paths one fails, after how many matches, how often,
 * and how ({@link Effect}). Installed with {@link Fault#configuration} or {@link
 * #configuration(Fault...)}: {@code fs.file.impl} set to this class, uncached, so every worker's
 * instance reads the rules from its configuration ({@link FaultS3AFileSystem} does the same for
 * S3A; other file systems call the hooks {@link #create(Configuration, FileSystem, Path, Creator)}
 * and {@link #check}). A rule is armed in the JVM that made its configuration and its matches are
 * counted there by the rule's id until {@link #forget}; a rule with a flag file fires only for the
 * writer that creates that file, so "once" also holds across JVMs.
 */
public final class FaultFileSystem extends LocalFileSystem {
  /** On the tests' raw local file system ({@link NioLocalFileSystem}: no chmod processes). */
  public FaultFileSystem() {
    super(NioLocalFileSystem.raw());
  }

  /** How long a held operation waits for {@link #release} before it fails. */
  static final long HOLD_SECONDS = 180;

  /** The operation a rule watches. */
  public enum Operation {
    /** The creation of a file, before anything is written. */
    CREATE,
    /**
     * The creation of a file, after the file system's own {@code create} returned its stream and
     * before any byte is written: on S3A after its probe for an existing file (HEAD, LIST) and
     * before the upload (at close), so a writer held here at a create-if-absent has found the file
     * absent and will upload it whatever another writer did meanwhile. A failure here leaves the
     * stream unclosed (on S3A nothing is uploaded).
     */
    OPENED,
    /** The close of a created file, after its bytes are complete. */
    CLOSE,
    /** The deletion of a file or folder. */
    DELETE,
    /**
     * A file in place at its path: a created file closed, or a file renamed to it (as a timeline
     * file is moved in from a temporary one).
     */
    IN_PLACE,
    /** A rename to the path, after it is done (not the close of a file created there). */
    RENAME,
    /** A look whether the path exists ({@code exists}), before it is answered. */
    EXISTS
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
     * Signals {@link #awaitHeld}, waits until the test calls {@link #release} with the rule's id
     * (at most {@value #HOLD_SECONDS} s, then fails), and then goes on as if there were no rule.
     */
    HOLD,
    /**
     * At {@link Operation#CREATE}: the file's first {@link Fault#tornBytes} bytes reach the disk,
     * then every write fails, as when a writer dies in the middle of a file.
     */
    TEAR,
    /** Nothing: the rule only counts where it would fire ({@link #fired}), a probe. */
    NOTE
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
   * instant of that action; with {@code flagFile}, the rule fires only if it creates that file;
   * with {@code afterCreating}, a path counts only once a file matching that pattern was created.
   */
  public record Fault(
      String id,
      Operation operation,
      String path,
      int skip,
      int times,
      Effect effect,
      String whileInflight,
      String flagFile,
      String afterCreating,
      int tornBytes) {

    /** Fails the first {@code operation} on a path matching {@code path}. */
    public static Fault on(String id, Operation operation, String path) {
      return new Fault(id, operation, path, 0, 1, Effect.FAIL, "", "", "", 0);
    }

    /** A data file: a {@code .parquet} file outside {@code .hoodie}. */
    public static final String BASE_FILE = "^(?!.*/\\.hoodie/).*\\.parquet$";

    /**
     * Holds a write between its write stage and its commit: the first look at a table lock ({@code
     * .hoodie/lock}, the commit's first step) after a base file was created.
     */
    public static Fault holdAtCommit(String id) {
      return on(id, Operation.EXISTS, ".*/\\.hoodie/lock$").afterCreating(BASE_FILE).hold();
    }

    public Fault skip(int n) {
      return new Fault(
          id, operation, path, n, times, effect, whileInflight, flagFile, afterCreating, tornBytes);
    }

    /** Takes effect at every match after the skipped ones, not only the first. */
    public Fault everyTime() {
      return times(Integer.MAX_VALUE);
    }

    private Fault times(int n) {
      return new Fault(
          id, operation, path, skip, n, effect, whileInflight, flagFile, afterCreating, tornBytes);
    }

    private Fault effect(Effect e, int bytes) {
      return new Fault(
          id, operation, path, skip, times, e, whileInflight, flagFile, afterCreating, bytes);
    }

    /** Holds the operation until {@link FaultFileSystem#release} instead of failing it. */
    public Fault hold() {
      return effect(Effect.HOLD, 0);
    }

    public Fault crash() {
      return effect(Effect.CRASH, 0);
    }

    /** Tears a created file after its first {@code bytes} bytes ({@link Effect#TEAR}). */
    public Fault tear(int bytes) {
      return effect(Effect.TEAR, bytes);
    }

    /** Only counts where it fires ({@link Effect#NOTE}), at every match. */
    public Fault note() {
      return effect(Effect.NOTE, 0).everyTime();
    }

    public Fault whileInflight(String action) {
      return new Fault(
          id, operation, path, skip, times, effect, action, flagFile, afterCreating, tornBytes);
    }

    /** Fires only for the writer that creates {@code flag}: once, across JVMs. */
    public Fault onceFlaggedBy(String flag) {
      return new Fault(
          id, operation, path, skip, times, effect, whileInflight, flag, afterCreating, tornBytes);
    }

    /** Counts a path only once a file whose URI path matches {@code pattern} was created. */
    public Fault afterCreating(String pattern) {
      return new Fault(
          id, operation, path, skip, times, effect, whileInflight, flagFile, pattern, tornBytes);
    }

    /** The Hadoop settings that install this file system with this rule alone. */
    public Map<String, String> configuration() {
      return FaultFileSystem.configuration(this);
    }
  }

  /** Creates a file: the file system's own create, for {@link #create}. */
  @FunctionalInterface
  public interface Creator {
    FSDataOutputStream create() throws IOException;
  }

  /** Arms {@code rules} and returns the Hadoop settings that install this file system with them. */
  public static Map<String, String> configuration(Fault... rules) {
    return FaultRules.configuration(List.of(rules));
  }

  /**
   * The rules' settings {@code rules} (from {@link #configuration(Fault...)}) with {@code
   * fileSystem}, which calls this class's hooks, installed uncached for {@code scheme} in place of
   * this file system for {@code file:} paths.
   */
  public static Map<String, String> installedFor(
      String scheme, Class<? extends FileSystem> fileSystem, Map<String, String> rules) {
    Map<String, String> conf = new HashMap<>(rules);
    conf.remove("fs.file.impl");
    conf.remove("fs.file.impl.disable.cache");
    conf.put("fs." + scheme + ".impl", fileSystem.getName());
    conf.put("fs." + scheme + ".impl.disable.cache", "true");
    return Map.copyOf(conf);
  }

  /** Disarms rule {@code id}: its configuration fires nothing any more in this JVM. */
  public static void forget(String id) {
    FaultRules.forget(id);
  }

  /** Lets the operations rule {@code id} holds (and all it would hold later) go on. */
  public static void release(String id) {
    FaultRules.release(id);
  }

  /** Waits until rule {@code id} holds an operation; false if it did not within the timeout. */
  public static boolean awaitHeld(String id, long timeout, TimeUnit unit)
      throws InterruptedException {
    return FaultRules.awaitHeld(id, timeout, unit);
  }

  /** How many times rule {@code id} fired in this JVM since it was armed. */
  public static int fired(String id) {
    return FaultRules.fired(id);
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
    return create(
        getConf(),
        this,
        f,
        () -> super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress));
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    return renamed(getConf(), this, dst, super.rename(src, dst));
  }

  @Override
  public boolean delete(Path f, boolean recursive) throws IOException {
    check(getConf(), Operation.DELETE, f, this);
    return super.delete(f, recursive);
  }

  @Override
  public boolean exists(Path f) throws IOException {
    check(getConf(), Operation.EXISTS, f, this);
    return super.exists(f);
  }

  /**
   * The hook on creating {@code f} with {@code creator} on {@code fs}: takes the effects of the
   * rules in {@code conf} at {@link Operation#CREATE} (before {@code creator}), {@link
   * Operation#OPENED} (after it), and at {@link Operation#CLOSE} and {@link Operation#IN_PLACE}
   * when the stream closes.
   */
  public static FSDataOutputStream create(
      Configuration conf, FileSystem fs, Path f, Creator creator) throws IOException {
    List<Fault> rules = FaultRules.of(conf);
    FaultRules.created(rules, f);
    Fault tear = FaultRules.fire(rules, Operation.CREATE, f, fs);
    FSDataOutputStream out = creator.create();
    FaultRules.fire(rules, Operation.OPENED, f, fs);
    if (tear != null) {
      out = new FSDataOutputStream(new FaultRules.Torn(out, tear.tornBytes(), f), null);
    }
    if (rules.stream()
        .noneMatch(r -> r.operation() == Operation.CLOSE || r.operation() == Operation.IN_PLACE)) {
      return out;
    }
    return new FSDataOutputStream(out, null) {
      @Override
      public void close() throws IOException {
        super.close();
        FaultRules.fire(rules, Operation.CLOSE, f, fs);
        FaultRules.fire(rules, Operation.IN_PLACE, f, fs);
      }
    };
  }

  /** The hook after a rename to {@code dst} on {@code fs}: {@link Operation#RENAME}, IN_PLACE. */
  public static boolean renamed(Configuration conf, FileSystem fs, Path dst, boolean renamed)
      throws IOException {
    if (renamed) {
      List<Fault> rules = FaultRules.of(conf);
      FaultRules.fire(rules, Operation.IN_PLACE, dst, fs);
      FaultRules.fire(rules, Operation.RENAME, dst, fs);
    }
    return renamed;
  }

  /**
   * The hook for other file systems: takes the effects of the rules in {@code conf}, if any, at
   * {@code operation} on {@code f} of {@code fs}.
   */
  public static void check(Configuration conf, Operation operation, Path f, FileSystem fs)
      throws IOException {
    FaultRules.fire(FaultRules.of(conf), operation, f, fs);
  }
}
