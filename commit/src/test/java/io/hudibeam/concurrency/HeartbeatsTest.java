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
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;

import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import java.io.File;
import java.io.IOException;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Heartbeat files on Hadoop's checksummed local file system: beats leave no {@code .crc} side file
 * (a release racing another worker's beat could otherwise delete the file between the two creates
 * and leave the {@code .crc} behind), and a delete removes the {@code .crc} of a heartbeat Hudi's
 * own writer made.
 */
public class HeartbeatsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final InstantTime INSTANT = InstantTime.parse("20261207143423383");

  @Test
  public void aBeatWritesNoChecksumSideFileAndADeleteLeavesNothing() throws IOException {
    File base = tmp.newFolder("t");
    LocalFileSystem fs = FileSystem.getLocal(new Configuration());
    Heartbeats beats =
        new Heartbeats(
            fs,
            TablePaths.of(base.getAbsolutePath()),
            HeartbeatSettings.defaults().withWriter("writer-1"),
            Clock.systemUTC());

    beats.beat(INSTANT);
    beats.beat(INSTANT);
    File folder = new File(base, ".hoodie/.heartbeat");
    assertThat(names(folder), containsInAnyOrder(INSTANT.value()));
    assertThat(beats.releaseWriter(), is(List.of(INSTANT)));
    assertThat(names(folder), is(empty()));
  }

  @Test
  public void aDeleteRemovesTheChecksumSideFileOfAHeartbeatHudiWrote() throws IOException {
    File base = tmp.newFolder("t");
    LocalFileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(base.getAbsolutePath());
    Heartbeats beats = new Heartbeats(fs, paths, HeartbeatSettings.defaults(), Clock.systemUTC());
    // Hudi's HoodieHeartbeatClient creates the file through the file system it is given.
    try (FSDataOutputStream out = fs.create(beats.file(INSTANT), true)) {
      out.flush();
    }
    File folder = new File(base, ".hoodie/.heartbeat");
    assertThat(names(folder), containsInAnyOrder(INSTANT.value(), "." + INSTANT.value() + ".crc"));

    beats.delete(INSTANT);
    assertThat(names(folder), is(empty()));
    // A .crc left alone (its file deleted by a racing release) goes with the next delete too.
    fs.getRawFileSystem().create(fs.getChecksumFile(beats.file(INSTANT))).close();
    beats.delete(INSTANT);
    assertThat(names(folder), is(empty()));
  }

  private static List<String> names(File folder) {
    String[] names = folder.list();
    return names == null ? List.of() : Arrays.asList(names);
  }
}
