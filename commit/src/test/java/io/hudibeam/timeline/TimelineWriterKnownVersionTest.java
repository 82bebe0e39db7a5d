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
package io.hudibeam.timeline;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A timeline writer given the table config its caller read (the started instant's) writes the
 * instant files of its version's layout, in its zone, without opening {@code hoodie.properties}
 * again (on an object store a HEAD and a GET each time); the writer that is not given it reads the
 * properties, and both write the same timeline.
 */
public class TimelineWriterKnownVersionTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** The local file system, recording every file it opens. */
  private static final class OpenRecording extends FilterFileSystem {
    final List<String> opened = new ArrayList<>();

    OpenRecording(Configuration conf) throws IOException {
      super(FileSystem.getLocal(conf));
      setConf(conf);
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
      opened.add(f.getName());
      return super.open(f, bufferSize);
    }
  }

  private List<String> instantsWritten(TableVersion version, boolean known) throws IOException {
    OpenRecording fs = new OpenRecording(new Configuration());
    TablePaths paths = TablePaths.of(tmp.newFolder().getAbsolutePath());
    TableConfig table =
        new TableConfigStore(fs, paths)
            .create(
                TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
                    .tableVersion(version)
                    .build());
    fs.opened.clear();
    TimelineWriter writer =
        known ? new TimelineWriter(fs, paths, table) : new TimelineWriter(fs, paths);
    Instant requested =
        writer.createRequested(InstantTime.parse("20261207120000000"), Action.COMMIT, new byte[0]);
    Instant inflight = writer.transitionToInflight(requested, new byte[0]);
    writer.complete(inflight, new byte[0]);
    long properties = fs.opened.stream().filter(n -> n.startsWith("hoodie.properties")).count();
    if (known) {
      assertThat(version + ": " + fs.opened, properties, is(0L));
    } else {
      assertThat(version + ": " + fs.opened, properties, greaterThan(0L));
    }
    List<String> states = new ArrayList<>();
    for (Instant i : Timeline.load(fs, paths).instants()) {
      states.add(i.time() + "/" + i.action().value() + "/" + i.state());
    }
    assertThat(
        fs.exists(new Path(writer.layout().timelineFolder(paths), inflight.fileName())), is(true));
    return states;
  }

  @Test
  public void aKnownVersionIsNotReadAgainAndWritesTheSameTimeline() throws IOException {
    for (TableVersion version : List.of(TableVersion.SIX, TableVersion.EIGHT)) {
      List<String> known = instantsWritten(version, true);
      assertThat(known, is(List.of("20261207120000000/commit/COMPLETED")));
      assertThat(instantsWritten(version, false), is(known));
    }
  }
}
