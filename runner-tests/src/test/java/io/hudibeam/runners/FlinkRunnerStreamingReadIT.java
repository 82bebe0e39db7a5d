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
package io.hudibeam.runners;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.HudiRead;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.Cleaner;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.InstantTimeGenerator;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.joda.time.Duration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.rules.Timeout;

/**
 * A streaming read ({@code HudiIO.read().streaming(...)}) on the embedded FlinkRunner while a
 * writer commits 20 times (inserts, upserts, a delete, cleans between them); the job fails twice
 * (an injected exception after a number of records) and Flink restores it from its last checkpoint
 * each time. Every record version of every commit arrives exactly once: each version is counted in
 * Flink's keyed state (restored with the source's position, so a version read twice by the logical
 * stream would count 2 and is recorded as a duplicate), and recorded as a file; at the end the
 * recorded versions are exactly the versions the commits wrote.
 */
public class FlinkRunnerStreamingReadIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  @Rule public Timeout timeout = Timeout.seconds(420);

  private static final int COMMITS = 20;

  /** Counts each version in state; records it as a file; fails twice at given record counts. */
  static final class RecordVersions extends DoFn<KV<String, String>, Void> {
    private final String emitted;
    private final String duplicates;
    private final String flags;

    @StateId("count")
    private final StateSpec<ValueState<Integer>> countSpec = StateSpecs.value();

    RecordVersions(String emitted, String duplicates, String flags) {
      this.emitted = emitted;
      this.duplicates = duplicates;
      this.flags = flags;
    }

    @ProcessElement
    public void process(
        @Element KV<String, String> version, @StateId("count") ValueState<Integer> count)
        throws IOException {
      Integer seen = count.read();
      int now = seen == null ? 1 : seen + 1;
      count.write(now);
      File target = new File(now == 1 ? emitted : duplicates, version.getKey());
      target.createNewFile();
      int recorded = new File(emitted).list().length;
      failOnceAt(recorded, 300, "first");
      failOnceAt(recorded, 700, "second");
    }

    private void failOnceAt(int recorded, int threshold, String name) throws IOException {
      if (recorded < threshold) {
        return;
      }
      try {
        Files.createFile(new File(flags, name).toPath());
      } catch (FileAlreadyExistsException already) {
        return;
      }
      throw new IllegalStateException("injected failure (" + name + ") after " + recorded);
    }
  }

  private static FlinkPipelineOptions options() {
    FlinkPipelineOptions options = FlinkRunnerWriteIT.flinkOptions(2);
    options.setStreaming(true);
    options.setCheckpointingInterval(300L);
    options.setAttachedMode(false);
    return options;
  }

  private static void waitFor(File emitted, TreeSet<String> expected, PipelineResult job)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + 120_000;
    while (true) {
      TreeSet<String> got = new TreeSet<>(Arrays.asList(emitted.list()));
      if (got.containsAll(expected)) {
        return;
      }
      assertThat("the read job is running", job.getState().isTerminal(), is(false));
      if (System.currentTimeMillis() > deadline) {
        TreeSet<String> missing = new TreeSet<>(expected);
        missing.removeAll(got);
        throw new AssertionError("versions not read within 120 s: " + missing);
      }
      Thread.sleep(50);
    }
  }

  private static void expect(TreeSet<String> expected, String commit, long start, long count) {
    for (long i = start; i < start + count; i++) {
      expected.add(TripsData.key(i) + "@" + commit);
    }
  }

  @Test
  public void everyCommitOnceAcrossTwoFailures() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    File emitted = tmp.newFolder("emitted");
    File duplicates = tmp.newFolder("duplicates");
    File flags = tmp.newFolder("flags");
    LocalWrite write = LocalWrite.trips(base);
    TreeSet<String> expected = new TreeSet<>();
    expect(expected, write.insert(TripsData.batch(0, 0, 100)), 0, 100);

    Pipeline p = Pipeline.create(options());
    p.apply(
            HudiIO.read()
                .withBasePath(base)
                .withMetaColumns()
                .streaming(Duration.millis(200))
                .withStartingStrategy(HudiRead.StartingStrategy.EARLIEST))
        .apply(
            MapElements.into(
                    TypeDescriptors.kvs(TypeDescriptors.strings(), TypeDescriptors.strings()))
                .via(
                    (Row r) ->
                        KV.of(
                            r.getString("_hoodie_record_key")
                                + "@"
                                + r.getString("_hoodie_commit_time"),
                            String.valueOf(r.getDouble("fare")))))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), StringUtf8Coder.of()))
        .apply(
            ParDo.of(new RecordVersions(emitted.getPath(), duplicates.getPath(), flags.getPath())));
    PipelineResult job = p.run();
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Cleaner cleaner = new Cleaner(fs, TablePaths.of(base), CleanSettings.keepLatestCommits(3));
    InstantTimeGenerator generator = new InstantTimeGenerator(TimelineTimezone.LOCAL);
    int cleans = 0;
    try {
      waitFor(emitted, expected, job);
      for (int k = 1; k < COMMITS; k++) {
        if (k == 10) {
          // A delete: no new version to read.
          write.delete(TripsData.batch(k, 0, 10));
        } else {
          long start = (k * 37L) % 80;
          expect(expected, write.upsert(TripsData.batch(k, start, 60)), start, 60);
        }
        if (k % 4 == 0) {
          cleans += cleaner.clean(generator).size();
        }
        waitFor(emitted, expected, job);
      }
      // A last poll after the end: nothing more arrives.
      Thread.sleep(1_000);
    } finally {
      job.cancel();
    }
    assertThat("cleans ran between commits", cleans, greaterThan(0));
    assertThat("the first failure was injected", new File(flags, "first").exists(), is(true));
    assertThat("the second failure was injected", new File(flags, "second").exists(), is(true));
    List<String> twice = Arrays.asList(duplicates.list());
    assertThat("versions read twice", twice, is(empty()));
    assertThat(new TreeSet<>(Arrays.asList(emitted.list())), is(expected));
  }
}
