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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.s3.S3Server;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * S3A's conditional create (Hadoop 3.4.2, {@code If-None-Match: *}): on a store that honours it
 * (S3Proxy behind {@code S3Server.honouringConditionalWrites()}'s front) the probe finds it, a
 * create-if-absent is atomic and the file-system lock holds, so optimistic concurrency runs; on
 * plain S3Proxy, which ignores the header, the probe finds it ignored and nothing changes.
 */
public class ConditionalCreateS3Test {
  @ClassRule public static final S3Server CONDITIONAL = S3Server.honouringConditionalWrites();
  @ClassRule public static final S3Server PLAIN = new S3Server();

  private static final ConcurrencySettings OCC =
      new ConcurrencySettings(ConcurrencySettings.Mode.OPTIMISTIC_CONCURRENCY_CONTROL, true);

  private static FileSystem s3(S3Server server) throws Exception {
    Configuration conf = new Configuration();
    server.hadoopSettings().forEach(conf::set);
    // Two servers behind one s3a://hudi: no cached file system shared between them.
    return FileSystem.newInstance(URI.create("s3a://" + S3Server.BUCKET + "/"), conf);
  }

  @Test
  public void onAStoreHonouringIfNoneMatchTheProbeFindsAnAtomicCreate() throws Exception {
    try (FileSystem fs = s3(CONDITIONAL)) {
      TablePaths paths = TablePaths.of(CONDITIONAL.newTable("conditional"));
      CreateIfAbsent create = CreateIfAbsent.probe(fs, paths.basePath());
      assertThat(create, is(CreateIfAbsent.CONDITIONAL_PUT));
      assertThat(create.atomic(), is(true));
      // The probe's scratch file is gone (only S3A's marker of the base path may be left), and no
      // .hoodie folder that would pass for a table.
      assertThat(
          !fs.exists(paths.basePath()) || fs.listStatus(paths.basePath()).length == 0, is(true));
      assertThat(fs.exists(paths.metaFolder()), is(false));

      Path file = new Path(paths.metaFolder(), "lock");
      assertThat(create.create(fs, file, bytes("a")), is(true));
      assertThat(create.create(fs, file, bytes("b")), is(false));
      assertThat(read(fs, file), is("a"));

      // Two creates of one file at the same moment: exactly one succeeds, its content kept.
      for (int round = 0; round < 10; round++) {
        Path raced = new Path(paths.metaFolder(), "raced-" + round);
        CyclicBarrier together = new CyclicBarrier(2);
        List<CompletableFuture<Boolean>> creates = new ArrayList<>();
        for (String writer : List.of("a", "b")) {
          creates.add(
              CompletableFuture.supplyAsync(
                  () -> {
                    try {
                      together.await();
                      return create.create(fs, raced, bytes(writer));
                    } catch (Exception e) {
                      throw new IllegalStateException(e);
                    }
                  }));
        }
        boolean a = creates.get(0).join();
        boolean b = creates.get(1).join();
        assertThat("round " + round + ": a " + a + ", b " + b, a ^ b, is(true));
        assertThat(read(fs, raced), is(a ? "a" : "b"));
      }

      // The file-system lock holds: optimistic concurrency with it is not refused.
      TableLock lock = new TableLock(fs, paths, LockSettings.defaults(), Clock.systemUTC());
      assertThat(lock.createIfAbsent(), is(CreateIfAbsent.CONDITIONAL_PUT));
      assertThat(lock.excludesOtherWriters(), is(true));
      StorageGuarantees.check(fs, paths, OCC, lock);
    }
  }

  @Test
  public void ofTwoWritersRacingForTheTableLockExactlyOneHoldsIt() throws Exception {
    String base = CONDITIONAL.newTable("lock-race");
    TablePaths paths = TablePaths.of(base);
    LockSettings noRetry = new LockSettings(null, 0, 0, 0, false);
    // Each writer its own file system; both lock uploads are held at the server until both have
    // arrived (each writer past its own check that the lock file is absent), then decided.
    try (FileSystem fsA = s3(CONDITIONAL);
        FileSystem fsB = s3(CONDITIONAL)) {
      TableLock lockA = new TableLock(fsA, paths, noRetry, Clock.systemUTC());
      TableLock lockB = new TableLock(fsB, paths, noRetry, Clock.systemUTC());
      assertThat(lockA.excludesOtherWriters() && lockB.excludesOtherWriters(), is(true));
      CONDITIONAL.gatherConditionalCreates("/.hoodie/lock", 2);
      List<CompletableFuture<Object>> takes = new ArrayList<>();
      for (TableLock lock : List.of(lockA, lockB)) {
        takes.add(
            CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return lock.acquire("race");
                  } catch (HudiTableException e) {
                    return e;
                  }
                }));
      }
      Object a = takes.get(0).join();
      Object b = takes.get(1).join();
      CONDITIONAL.stopGathering();
      boolean aHolds = a instanceof TableLock.Held;
      boolean bHolds = b instanceof TableLock.Held;
      assertThat("A holds: " + a + "; B holds: " + b, aHolds ^ bHolds, is(true));
      HudiTableException refused = (HudiTableException) (aHolds ? b : a);
      assertThat(
          refused.getMessage(), containsString("Cannot take the lock " + paths.metaFolder()));
      // The lock file is the winner's; released, the loser takes it.
      ((TableLock.Held) (aHolds ? a : b)).close();
      try (TableLock.Held again = (aHolds ? lockB : lockA).acquire("after")) {
        assertThat(fsA.exists(new Path(paths.metaFolder(), "lock")), is(true));
      }
    }
  }

  @Test
  public void onAStoreIgnoringIfNoneMatchTheProbeFindsACheckThenCreate() throws Exception {
    try (FileSystem fs = s3(PLAIN)) {
      TablePaths paths = TablePaths.of(PLAIN.newTable("plain"));
      assertThat(CreateIfAbsent.probe(fs, paths.basePath()), is(CreateIfAbsent.CHECK_THEN_CREATE));
      assertThat(
          !fs.exists(paths.basePath()) || fs.listStatus(paths.basePath()).length == 0, is(true));
      assertThat(fs.exists(paths.metaFolder()), is(false));
      TableLock lock = new TableLock(fs, paths, LockSettings.defaults(), Clock.systemUTC());
      assertThat(lock.excludesOtherWriters(), is(false));
      assertThrows(HudiTableException.class, () -> StorageGuarantees.check(fs, paths, OCC, lock));
    }
  }

  @Test
  public void withConditionalCreateSwitchedOffTheProbeFindsACheckThenCreate() throws Exception {
    Configuration conf = new Configuration();
    CONDITIONAL.hadoopSettings().forEach(conf::set);
    conf.setBoolean(CreateIfAbsent.S3A_CONDITIONAL_ENABLED, false);
    try (FileSystem fs = FileSystem.newInstance(URI.create("s3a://" + S3Server.BUCKET), conf)) {
      TablePaths paths = TablePaths.of(CONDITIONAL.newTable("off"));
      assertThat(CreateIfAbsent.probe(fs, paths.basePath()), is(CreateIfAbsent.CHECK_THEN_CREATE));
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String read(FileSystem fs, Path file) throws Exception {
    try (var in = fs.open(file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
