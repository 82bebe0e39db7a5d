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
package io.hudibeam.write;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.IOType;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.Marker;
import io.hudibeam.commit.MarkerStore;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.LogFileName;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.io.File;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A deltacommit on a merge-on-read table of version 8: each attempt writes a log file named with
 * the deltacommit's own instant (version 1, the attempt's write token) under a CREATE marker, with
 * Hudi 1.0's delta write stat; the commit deletes the file of the attempt it does not report, and
 * the view puts the reported file into the slice of the file group's base file.
 */
public class AppendHandleVersionEightTest {
  private static final FileGroupId GROUP =
      FileGroupId.of("london", FileId.parse("1ef3941a-84d5-41d3-9733-fc0c2167412b-0"));

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;

  @Before
  public void setUp() throws Exception {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.getRoot().getAbsolutePath() + "/trips");
  }

  private StartedInstant start() {
    TableConfig table =
        TableConfig.newTable(TripsData.TABLE_NAME, TableType.MERGE_ON_READ)
            .tableVersion(TableVersion.EIGHT)
            .recordKeyFields(List.of(TripsData.RECORD_KEY_FIELD))
            .partitionFields(List.of(TripsData.PARTITION_FIELD))
            .orderingField(TripsData.ORDERING_FIELD)
            .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
            .createSchema(TripsData.SCHEMA.toString())
            .build();
    return new InstantStarter(fs, paths, Clock.systemUTC()).start(table, Action.DELTA_COMMIT);
  }

  private WriteStat append(InstantTime instant, WriteToken token, FileSlice slice) {
    WriteContext context =
        WriteContext.builder()
            .conf(conf)
            .fs(fs)
            .paths(paths)
            .instant(instant)
            .schema(TripsData.SCHEMA)
            .parquet(ParquetSettings.defaults())
            .writeToken(token)
            .build();
    return new AppendHandle(context)
        .write(
            slice,
            List.of(
                TableRecord.upsert(TripsData.key(4), "london", TripsData.record(1, 4)),
                TableRecord.delete(TripsData.key(12), "london", TripsData.record(1, 12))));
  }

  @Test
  public void logFilesAreNamedWithTheDeltaCommitAndTheUnreportedAttemptIsDeleted() {
    StartedInstant started = start();
    InstantTime instant = started.instantTime();
    // The file group's slice as a writer sees it: a base file of an earlier instant, with log
    // files; version 8 names the new file with this deltacommit anyway, and starts at version 1.
    InstantTime earlier = InstantTime.parse("20261201100000000");
    FileSlice slice =
        FileSlice.of(
            GROUP,
            earlier,
            Optional.empty(),
            List.of(LogFileName.of(GROUP.fileId(), earlier, 3, WriteToken.of(0, 1, 1))));
    WriteToken lostToken = WriteToken.of(0, 5, 1);
    WriteToken reportedToken = WriteToken.of(0, 5, 2);
    WriteStat lost = append(instant, lostToken, slice);
    WriteStat reported = append(instant, reportedToken, slice);

    LogFileName name = LogFileName.of(GROUP.fileId(), instant, 1, reportedToken);
    assertThat(reported.path(), is("london/" + name.value()));
    assertThat(
        lost.path(), is("london/" + LogFileName.of(GROUP.fileId(), instant, 1, lostToken).value()));
    // Hudi 1.0's HoodieDeltaWriteStat on version 8: prevCommit the deltacommit, no base file, the
    // new file alone.
    assertThat(reported.prevCommit(), is(instant.value()));
    WriteStat.LogAppendStats delta = reported.logAppend().orElseThrow();
    assertThat(delta.logVersion(), is(1));
    assertThat(delta.baseFile(), is(""));
    assertThat(delta.logFiles(), is(List.of(name.value())));
    assertThat(reported.numUpdateWrites(), is(1L));
    assertThat(reported.numDeletes(), is(1L));
    // Both attempts marked their files CREATE, as Hudi 1.0 marks version 8 log files.
    assertThat(
        new MarkerStore(fs, paths, instant)
            .list().stream().map(Marker::ioType).collect(Collectors.toSet()),
        is(java.util.Set.of(IOType.CREATE)));

    CommitMetadata metadata =
        CommitMetadata.builder()
            .operationType(OperationType.UPSERT)
            .schema(TripsData.SCHEMA.toString())
            .addWriteStat(reported)
            .build();
    assertThat(
        new InstantCommitter(fs, paths).commit(started, metadata), is(CommitOutcome.COMMITTED));
    assertThat(new File(paths.basePathString(), lost.path()).exists(), is(false));
    assertThat(new File(paths.basePathString(), reported.path()).exists(), is(true));
    // A log-only file group: the committed log file starts its slice at the deltacommit.
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    FileSlice latest = view.latestFileSlice(GROUP).orElseThrow();
    assertThat(latest.baseInstant(), is(instant));
    assertThat(latest.logFiles(), is(List.of(name)));
  }
}
