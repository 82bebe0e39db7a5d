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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.InjectedCrash;
import io.hudibeam.testing.FaultFileSystem.Operation;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** The rules of {@link FaultFileSystem} on local files: each operation, effect and condition. */
public class FaultFileSystemTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String id = UUID.randomUUID().toString();
  private final String other = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(id);
    FaultFileSystem.forget(other);
  }

  private static FileSystem fileSystem(Map<String, String> settings) throws IOException {
    Configuration conf = new Configuration();
    settings.forEach(conf::set);
    return FileSystem.get(new File("/").toURI(), conf);
  }

  private Path file(String name) {
    return new Path(new File(tmp.getRoot(), name).getAbsolutePath());
  }

  private static void write(FileSystem fs, Path f, int bytes) throws IOException {
    try (OutputStream out = fs.create(f)) {
      out.write(new byte[bytes]);
    }
  }

  @Test
  public void aRenameRuleCrashesAfterTheRenameOnly() throws Exception {
    FileSystem fs = fileSystem(Fault.on(id, Operation.RENAME, ".*/moved$").crash().configuration());
    write(fs, file("moved"), 1);
    write(fs, file("tmp"), 1);
    fs.delete(file("moved"), false);
    InjectedCrash crash =
        assertThrows(InjectedCrash.class, () -> fs.rename(file("tmp"), file("moved")));
    assertThat(crash.getMessage(), containsString("injected crash after renaming to"));
    assertThat("the rename was done", fs.exists(file("moved")), is(true));
    assertThat(FaultFileSystem.fired(id), is(1));
  }

  @Test
  public void aTornFileKeepsItsFirstBytesAndFailsTheRest() throws Exception {
    FileSystem fs =
        fileSystem(
            Fault.on(id, Operation.CREATE, ".*\\.parquet$").skip(1).tear(10).configuration());
    write(fs, file("a.parquet"), 100);
    IOException torn = assertThrows(IOException.class, () -> write(fs, file("b.parquet"), 100));
    assertThat(torn.getMessage(), containsString("injected failure mid-file"));
    assertThat(new File(tmp.getRoot(), "a.parquet").length(), is(100L));
    assertThat(new File(tmp.getRoot(), "b.parquet").length(), is(10L));
  }

  @Test
  public void anExistsRuleHoldsOnlyAfterAMatchingFileWasCreatedUntilReleased() throws Exception {
    FileSystem fs =
        fileSystem(
            Fault.on(id, Operation.EXISTS, ".*/lock$")
                .afterCreating(".*\\.parquet$")
                .hold()
                .configuration());
    assertThat("no base file yet: not held", fs.exists(file("lock")), is(false));
    write(fs, file("a.parquet"), 1);
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      Future<Boolean> look = executor.submit(() -> fs.exists(file("lock")));
      assertThat(FaultFileSystem.awaitHeld(id, 60, TimeUnit.SECONDS), is(true));
      assertThat("held", look.isDone(), is(false));
      FaultFileSystem.release(id);
      assertThat(look.get(60, TimeUnit.SECONDS), is(false));
    } finally {
      executor.shutdownNow();
    }
    assertThat("once only", fs.exists(file("lock")), is(false));
    assertThat(FaultFileSystem.fired(id), is(1));
  }

  @Test
  public void anOpenedRuleHoldsAfterTheFileSystemsCreateAndBeforeTheBytes() throws Exception {
    FileSystem fs = fileSystem(Fault.on(id, Operation.OPENED, ".*/lock$").hold().configuration());
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      Future<?> create =
          executor.submit(
              () -> {
                write(fs, file("lock"), 5);
                return null;
              });
      assertThat(FaultFileSystem.awaitHeld(id, 60, TimeUnit.SECONDS), is(true));
      assertThat("held", create.isDone(), is(false));
      File lock = new File(tmp.getRoot(), "lock");
      assertThat("the local create made the file", lock.exists(), is(true));
      assertThat("nothing written yet", lock.length(), is(0L));
      FaultFileSystem.release(id);
      create.get(60, TimeUnit.SECONDS);
      assertThat(lock.length(), is(5L));
    } finally {
      executor.shutdownNow();
    }
    assertThat(FaultFileSystem.fired(id), is(1));
  }

  @Test
  public void severalRulesInOneConfigurationEachTakeTheirEffect() throws Exception {
    FileSystem fs =
        fileSystem(
            FaultFileSystem.configuration(
                Fault.on(id, Operation.CREATE, ".*\\.log$").note(),
                Fault.on(other, Operation.DELETE, ".*/keep$")));
    write(fs, file("1.log"), 1);
    write(fs, file("2.log"), 1);
    write(fs, file("keep"), 1);
    IOException failed = assertThrows(IOException.class, () -> fs.delete(file("keep"), false));
    assertThat(failed.getMessage(), containsString("injected failure deleting"));
    assertThat("a probe counts, nothing more", FaultFileSystem.fired(id), is(2));
    assertThat(FaultFileSystem.fired(other), is(1));
    assertThat(List.of(tmp.getRoot().list()).contains("keep"), is(true));
  }

  @Test
  public void aForgottenRuleFiresNothing() throws Exception {
    FileSystem fs = fileSystem(Fault.on(id, Operation.CREATE, ".*").configuration());
    FaultFileSystem.forget(id);
    write(fs, file("a"), 1);
    assertThat(FaultFileSystem.fired(id), is(0));
  }
}
