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

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.s3.S3Server;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * What a file system guarantees the table lock: the local file system creates a file only if absent
 * atomically, S3 through S3A (S3Proxy in the test JVM) does not, and optimistic concurrency control
 * with the file-system lock is refused there, naming the settings.
 */
public class StorageGuaranteesTest {
  @ClassRule public static final S3Server S3 = new S3Server();
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static final ConcurrencySettings OCC =
      new ConcurrencySettings(ConcurrencySettings.Mode.OPTIMISTIC_CONCURRENCY_CONTROL, true);
  private static final LockSettings FILE_LOCK = LockSettings.defaults();
  private static final LockSettings IN_PROCESS_LOCK =
      new LockSettings(null, 0, 0, 0, /* inProcess= */ true);

  private static FileSystem s3() throws Exception {
    Configuration conf = new Configuration();
    S3.hadoopSettings().forEach(conf::set);
    return FileSystem.get(URI.create("s3a://" + S3Server.BUCKET + "/"), conf);
  }

  @Test
  public void localFileSystemCreatesOnlyIfAbsentAtomically() throws Exception {
    org.apache.hadoop.fs.LocalFileSystem local = FileSystem.getLocal(new Configuration());
    assertThat(CreateIfAbsent.of(local), is(CreateIfAbsent.LOCAL_CREATE_NEW));
    assertThat(CreateIfAbsent.of(local.getRawFileSystem()), is(CreateIfAbsent.LOCAL_CREATE_NEW));
    Path file = new Path(tmp.getRoot().getPath(), "lock");
    byte[] content = "a".getBytes(StandardCharsets.UTF_8);
    assertThat(CreateIfAbsent.of(local).create(local, file, content), is(true));
    assertThat(CreateIfAbsent.of(local).create(local, file, content), is(false));
    TablePaths paths = TablePaths.of(tmp.getRoot().getPath());
    // Nothing refused: the file-system lock holds here.
    StorageGuarantees.check(
        local, paths, OCC, new TableLock(local, paths, FILE_LOCK, Clock.systemUTC()));
  }

  @Test
  public void s3aChecksThenCreates() throws Exception {
    FileSystem fs = s3();
    CreateIfAbsent create = CreateIfAbsent.of(fs);
    assertThat(create, is(CreateIfAbsent.CHECK_THEN_CREATE));
    assertThat(create.atomic(), is(false));
    // One writer after another is still told the file exists (S3A probes before it uploads).
    Path file = new Path(S3.newTable("create"), "lock");
    byte[] content = "a".getBytes(StandardCharsets.UTF_8);
    assertThat(create.create(fs, file, content), is(true));
    assertThat(create.create(fs, file, content), is(false));
  }

  @Test
  public void optimisticConcurrencyWithTheFileSystemLockIsRefusedOnS3() throws Exception {
    FileSystem fs = s3();
    TablePaths paths = TablePaths.of(S3.newTable("occ"));
    TableLock fileLock = new TableLock(fs, paths, FILE_LOCK, Clock.systemUTC());
    assertThat(fileLock.excludesOtherWriters(), is(false));
    HudiTableException e =
        assertThrows(
            HudiTableException.class, () -> StorageGuarantees.check(fs, paths, OCC, fileLock));
    assertThat(
        e.getMessage(),
        allOf(
            containsString("hoodie.write.concurrency.mode=OPTIMISTIC_CONCURRENCY_CONTROL"),
            containsString(
                "hoodie.write.lock.provider=" + ConcurrencySettings.FILE_SYSTEM_LOCK_PROVIDER),
            containsString("s3a (org.apache.hadoop.fs.s3a.S3AFileSystem)"),
            containsString(paths.metaFolder() + "/lock"),
            containsString("hoodie.write.concurrency.mode=SINGLE_WRITER"),
            containsString("hoodie.write.lock.provider=" + LockSettings.IN_PROCESS_LOCK_PROVIDER)));

    // A single writer runs (and logs that it is not protected); so does OCC with the in-process
    // lock, which holds for writers in this JVM.
    StorageGuarantees.check(fs, paths, ConcurrencySettings.singleWriter(), fileLock);
    TableLock inProcess = new TableLock(fs, paths, IN_PROCESS_LOCK, Clock.systemUTC());
    assertThat(inProcess.excludesOtherWriters(), is(true));
    StorageGuarantees.check(fs, paths, OCC, inProcess);
  }
}
