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
package io.hudibeam.metadatatable;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * One listing of a metadata timeline gives the completed instant times and the pending (log)
 * compactions that {@link MetadataDeltaCommits#completedInstantTimes} and {@link
 * MetadataDeltaCommits#pendingCompactions} find with three.
 */
public class MetadataTimelineFilesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void oneListingAnswersBothQuestions() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path metadata = tmp.newFolder("metadata").toPath();
    Path timeline = Files.createDirectories(metadata.resolve(".hoodie"));
    for (String name :
        List.of(
            "00000000000000010.deltacommit",
            "20261207120000000.deltacommit.requested",
            "20261207120000000.deltacommit.inflight",
            "20261207120000000.deltacommit",
            "20261207120100000.deltacommit.requested",
            "20261207120200000001.compaction.requested",
            "20261207120300000001.compaction.requested",
            "20261207120300000001.compaction.inflight",
            "20261207120300000001.commit",
            "20261207120400000001.logcompaction.requested")) {
      Files.createFile(timeline.resolve(name));
    }
    TablePaths paths = TablePaths.of(metadata.toString());

    MetadataDeltaCommits.TimelineFiles files =
        MetadataDeltaCommits.timelineFiles(fs, paths, TableVersion.SIX);
    assertThat(
        files.completedInstantTimes(),
        is(Set.of("00000000000000010", "20261207120000000", "20261207120300000001")));
    assertThat(
        Set.copyOf(files.pendingCompactions()),
        is(
            Set.of(
                "20261207120200000001.compaction.requested",
                "20261207120400000001.logcompaction.requested")));
    // As the separate read answers (the layout read from the folder: no hoodie.properties).
    assertThat(
        files.completedInstantTimes(), is(MetadataDeltaCommits.completedInstantTimes(fs, paths)));
  }
}
