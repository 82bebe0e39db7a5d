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
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import io.hudibeam.table.TablePaths;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The LSM timeline history's files, as Hudi 1.0's {@code LSMTimelineWriter} writes them: {@code
 * <min>_<max>_0.parquet} with {@code HoodieLSMTimelineInstant} rows, {@code manifest_<N>} (Jackson
 * pretty JSON) and {@code _version_}; and its recovery rules. Hudi 1.0's readers reading them:
 * {@code compat-hudi1} {@code Hudi1ReadsTimelineHistoryIT}.
 */
public class TimelineHistoryTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private FileSystem fs;
  private TablePaths paths;
  private TimelineHistory history;
  private File folder;

  @Before
  public void setUp() throws Exception {
    fs = FileSystem.getLocal(new Configuration());
    paths = TablePaths.of(tmp.newFolder("t").getAbsolutePath());
    history = new TimelineHistory(fs, paths);
    folder = new File(paths.basePathString(), ".hoodie/timeline/history");
  }

  private static InstantTime time(int i) {
    return InstantTime.parse(String.format("20260101000000%03d", i));
  }

  private static HistoryEntry commit(int i) {
    return new HistoryEntry(
        time(i),
        Action.COMMIT,
        time(i + 1),
        ("metadata-" + i).getBytes(StandardCharsets.UTF_8),
        null);
  }

  private String text(String name) throws Exception {
    return Files.readString(new File(folder, name).toPath());
  }

  @Test
  public void writesALevelZeroFileAManifestAndTheVersion() throws Exception {
    HistoryEntry clean =
        new HistoryEntry(time(2), Action.CLEAN, time(3), new byte[] {1, 2}, new byte[] {3});
    Optional<Path> file = history.append(List.of(commit(1), clean, commit(4)));

    String name = "20260101000000001_20260101000000004_0.parquet";
    assertThat(file.orElseThrow().getName(), is(name));
    assertThat(text("_version_"), is("1"));
    long length = new File(folder, name).length();
    assertThat(
        text("manifest_1"),
        is(
            "{\n  \"files\" : [ {\n    \"fileName\" : \""
                + name
                + "\",\n    \"fileLen\" : "
                + length
                + "\n  } ]\n}"));

    // The rows, read with plain parquet-avro: Hudi's field names and values.
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(HadoopInputFile.fromPath(file.get(), fs.getConf()))
            .build()) {
      GenericRecord first = reader.read();
      assertThat(first.getSchema().getName(), is("HoodieLSMTimelineInstant"));
      assertThat(
          first.getSchema().getFields().stream().map(f -> f.name()).collect(Collectors.toList()),
          contains("instantTime", "completionTime", "action", "metadata", "plan", "version"));
      assertThat(first.get("instantTime").toString(), is(time(1).value()));
      assertThat(first.get("completionTime").toString(), is(time(2).value()));
      assertThat(first.get("action").toString(), is("commit"));
      assertNull(first.get("plan"));
      assertThat(first.get("version"), is(1));
    }
    assertEquals(List.of(commit(1), clean, commit(4)), history.readAll());
    assertArrayEquals(new byte[] {3}, history.readAll().get(1).plan());
  }

  @Test
  public void completionTimesAreReadFromEveryFileOfTheLatestManifest() throws Exception {
    history.append(List.of(commit(1), commit(3)));
    history.append(List.of(commit(5)));

    Map<InstantTime, InstantTime> expected = new HashMap<>();
    for (HistoryEntry entry : history.readAll()) {
      expected.put(entry.time(), entry.completionTime());
    }
    assertThat(expected.size(), is(3));
    assertEquals(expected, history.completionTimes());
  }

  @Test
  public void eachAppendIsANewManifestVersionListingEveryFile() throws Exception {
    history.append(List.of(commit(1), commit(3)));
    history.append(List.of(commit(5)));

    assertThat(text("_version_"), is("2"));
    assertThat(history.allVersions().size(), is(2));
    assertThat(
        history.manifest(2).fileNames(),
        contains(
            "20260101000000001_20260101000000003_0.parquet",
            "20260101000000005_20260101000000005_0.parquet"));
    assertThat(
        history.manifest(1).fileNames(), contains("20260101000000001_20260101000000003_0.parquet"));
    assertEquals(List.of(commit(1), commit(3), commit(5)), history.readAll());
    assertThat(TimelineHistory.levelOf(history.manifest(2).fileNames().get(1)), is(0));
  }

  @Test
  public void aCommittedFileIsNotWrittenAgain() {
    history.append(List.of(commit(1), commit(3)));

    assertThat(history.append(List.of(commit(1), commit(3))), is(Optional.empty()));
    assertThat(history.latestVersion(), is(1));
  }

  @Test
  public void anUnlistedLeftoverFileAndManifestAreReplaced() throws Exception {
    history.append(List.of(commit(1)));
    // A crashed run: its parquet file half written, its manifest written, _version_ not updated.
    Files.writeString(
        new File(folder, "20260101000000003_20260101000000005_0.parquet").toPath(), "partial");
    Files.writeString(new File(folder, "manifest_2").toPath(), "{ broken");

    history.append(List.of(commit(3), commit(5)));

    assertThat(text("_version_"), is("2"));
    assertEquals(List.of(commit(1), commit(3), commit(5)), history.readAll());
  }

  @Test
  public void withoutTheVersionFileTheHighestManifestIsTheLatest() throws Exception {
    history.append(List.of(commit(1)));
    history.append(List.of(commit(3)));
    Files.delete(new File(folder, "_version_").toPath());

    assertThat(history.latestVersion(), is(2));
    history.append(List.of(commit(5)));
    assertThat(text("_version_"), is("3"));
    assertThat(history.latestManifest().fileNames().size(), is(3));
  }

  @Test
  public void anEmptyHistoryHasNoVersion() {
    assertThat(history.latestVersion(), is(-1));
    assertThat(history.latestManifest(), is(HistoryManifest.empty()));
    assertThat(history.readAll().isEmpty(), is(true));
  }

  @Test
  public void theManifestReadsBackWhatItWrote() {
    HistoryManifest manifest =
        HistoryManifest.empty()
            .replace(List.of(), new HistoryManifest.FileEntry("a_b_0.parquet", 12))
            .replace(List.of(), new HistoryManifest.FileEntry("c_d_0.parquet", 34));
    assertThat(HistoryManifest.fromJson(manifest.toJson()), is(manifest));
    assertThat(
        manifest
            .replace(List.of("a_b_0.parquet"), new HistoryManifest.FileEntry("a_d_1.parquet", 40))
            .fileNames(),
        contains("c_d_0.parquet", "a_d_1.parquet"));
  }

  @Test
  public void tenLevelZeroFilesAreCompactedIntoOneOfLevelOneAndOldVersionsCleaned()
      throws Exception {
    List<HistoryEntry> all = new java.util.ArrayList<>();
    for (int i = 0; i < 10; i++) {
      List<HistoryEntry> run = List.of(commit(10 * i + 1), commit(10 * i + 3));
      history.append(run);
      all.addAll(run);
      // Fewer than ten: nothing to compact, and the versions are kept until a compaction.
      if (i < 9) {
        assertThat(new HistoryCompaction(history, 10).compactAndClean().isEmpty(), is(true));
      }
    }
    assertThat(history.latestVersion(), is(10));

    List<String> compacted = new HistoryCompaction(history, 10).compactAndClean();

    String l1 = "20260101000000001_20260101000000093_1.parquet";
    assertThat(compacted, contains(l1));
    assertThat(history.latestVersion(), is(11));
    assertThat(history.latestManifest().fileNames(), contains(l1));
    assertEquals(all, history.readAll());
    // 3 + 1 versions kept (8..11), and only the files they list.
    assertThat(
        history.allVersions().stream().sorted().collect(Collectors.toList()),
        contains(8, 9, 10, 11));
    List<String> parquet =
        java.util.Arrays.stream(folder.list())
            .filter(n -> n.endsWith(".parquet"))
            .sorted()
            .collect(Collectors.toList());
    java.util.Set<String> listed = new java.util.TreeSet<>();
    for (int v = 8; v <= 11; v++) {
      listed.addAll(history.manifest(v).fileNames());
    }
    assertThat(parquet, is(new ArrayList<>(listed)));
    // Versions 8..10 still list the level-0 files (for readers of those versions), so they stay;
    // three more runs later no kept version lists them and they go.
    for (int i = 10; i < 13; i++) {
      history.append(List.of(commit(10 * i + 1)));
      new HistoryCompaction(history, 10).compactAndClean();
    }
    assertThat(history.allVersions().size(), is(3));
    List<String> left =
        java.util.Arrays.stream(folder.list())
            .filter(n -> n.endsWith(".parquet"))
            .sorted()
            .collect(Collectors.toList());
    assertThat(
        left,
        contains(
            l1,
            "20260101000000101_20260101000000101_0.parquet",
            "20260101000000111_20260101000000111_0.parquet",
            "20260101000000121_20260101000000121_0.parquet"));
  }

  @Test
  public void aCompactedFileNameSpansItsSources() {
    assertThat(
        HistoryCompaction.compactedName(
            List.of(
                "20260101000000001_20260101000000003_0.parquet",
                "20260101000000002_20260101000000009_0.parquet"),
            1),
        is("20260101000000001_20260101000000009_1.parquet"));
  }
}
