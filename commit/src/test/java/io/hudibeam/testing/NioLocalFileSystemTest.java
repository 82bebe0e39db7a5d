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
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The tests' {@code file:} file system gives the same files, permissions and owners as Hadoop's
 * own, as Hadoop's {@link RawLocalFileSystem} (with its child processes) reads them back.
 */
public class NioLocalFileSystemTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void theTestClassPathRegistersItForFileUris() throws Exception {
    FileSystem fs = new Path(tmp.getRoot().toURI()).getFileSystem(new Configuration());
    assertThat(
        "test-conf/core-site.xml on the test class path (the parent pom's Surefire/Failsafe"
            + " additionalClasspathElements) maps file: to NioLocalFileSystem",
        fs,
        instanceOf(NioLocalFileSystem.class));
  }

  @Test
  public void createdFilesAndFoldersHaveTheStatusHadoopsOwnFileSystemReads() throws Exception {
    Configuration conf = new Configuration();
    FileSystem fs = new NioLocalFileSystem();
    fs.initialize(tmp.getRoot().toURI(), conf);
    RawLocalFileSystem hadoops = new RawLocalFileSystem();
    hadoops.initialize(tmp.getRoot().toURI(), conf);

    Path file = new Path(new Path(tmp.getRoot().toURI()), "a/b/data.parquet");
    try (FSDataOutputStream out = fs.create(file, false)) {
      out.writeBytes("bytes");
    }
    fs.setPermission(file.getParent(), new FsPermission((short) 0751));

    assertSameStatus(fs.getFileStatus(file), hadoops.getFileStatus(file));
    assertSameStatus(fs.getFileStatus(file.getParent()), hadoops.getFileStatus(file.getParent()));
    assertThat(fs.getFileStatus(file.getParent()).getPermission().toShort(), is((short) 0751));
    RemoteIterator<LocatedFileStatus> listed = fs.listFiles(new Path(tmp.getRoot().toURI()), true);
    int files = 0;
    while (listed.hasNext()) {
      LocatedFileStatus status = listed.next();
      assertSameStatus(status, hadoops.getFileStatus(status.getPath()));
      files++;
    }
    assertThat("the data file (its checksum file is hidden, as by Hadoop's)", files, is(1));
    assertThat(new File(tmp.getRoot(), "a/b/.data.parquet.crc").isFile(), is(true));
  }

  @Test
  public void listedStatusesOfAFolderAndAFileAreHadoopsOwn() throws Exception {
    Configuration conf = new Configuration();
    FileSystem fs = new NioLocalFileSystem();
    fs.initialize(tmp.getRoot().toURI(), conf);
    RawLocalFileSystem hadoops = new RawLocalFileSystem();
    hadoops.initialize(tmp.getRoot().toURI(), conf);
    Path folder = new Path(new Path(tmp.getRoot().toURI()), "listed");
    for (String name : new String[] {"a.parquet", "b.log", "c.hfile"}) {
      try (FSDataOutputStream out = fs.create(new Path(folder, name), false)) {
        out.writeBytes(name);
      }
    }
    fs.mkdirs(new Path(folder, "sub"));
    fs.setPermission(new Path(folder, "b.log"), new FsPermission((short) 0640));

    FileStatus[] ours = fs.listStatus(folder);
    assertThat("three files and a folder, checksum files hidden", ours.length, is(4));
    for (FileStatus status : ours) {
      FileStatus expected = hadoops.getFileStatus(status.getPath());
      assertSameStatus(status, expected);
      assertThat(status.getPath(), is(expected.getPath()));
      assertThat(status.getModificationTime(), is(expected.getModificationTime()));
      assertThat(status.getBlockSize(), is(expected.getBlockSize()));
      assertThat(status.getReplication(), is(expected.getReplication()));
    }
    Path file = new Path(folder, "b.log");
    FileStatus[] single = fs.listStatus(file);
    assertThat(single.length, is(1));
    assertSameStatus(single[0], hadoops.getFileStatus(file));
    assertThat(single[0].getPermission().toShort(), is((short) 0640));
  }

  private static void assertSameStatus(FileStatus ours, FileStatus hadoops) {
    assertThat(ours.getPath().toString(), ours.getPermission(), is(hadoops.getPermission()));
    assertThat(ours.getOwner(), is(hadoops.getOwner()));
    assertThat(ours.getGroup(), is(hadoops.getGroup()));
    assertThat(ours.getLen(), is(hadoops.getLen()));
    assertThat(ours.isDirectory(), is(hadoops.isDirectory()));
  }
}
