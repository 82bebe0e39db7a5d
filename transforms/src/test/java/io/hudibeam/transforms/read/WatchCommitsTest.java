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
package io.hudibeam.transforms.read;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.read.FileSliceReader;
import io.hudibeam.read.PartitionFilter;
import io.hudibeam.read.ReadPlanner;
import io.hudibeam.read.ReadQuery;
import io.hudibeam.read.SliceRead;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.transforms.DoFn.OutputReceiver;
import org.apache.beam.sdk.transforms.splittabledofn.SplitResult;
import org.apache.beam.sdk.transforms.splittabledofn.WatermarkEstimators;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.transforms.windowing.PaneInfo;
import org.apache.beam.sdk.values.OutputBuilder;
import org.apache.beam.sdk.values.WindowedValues;
import org.apache.hadoop.conf.Configuration;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The streaming tail's position across checkpoints: the watcher's DoFn is driven by hand, a
 * checkpoint taken ({@code trySplit(0)}) after each poll and the next poll restored from the
 * residual alone, as a runner restores a job; every commit's records are output once, each
 * timestamped at its commit, and compaction-free COW commits of a LocalWrite table are covered.
 */
public class WatchCommitsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Collects a poll's slices and their timestamps. */
  private static final class Collected implements OutputReceiver<SliceRead> {
    final List<SliceRead> slices = new ArrayList<>();
    final List<Instant> timestamps = new ArrayList<>();

    @Override
    public OutputBuilder<SliceRead> builder(SliceRead value) {
      return WindowedValues.<SliceRead>builder()
          .setValue(value)
          .setWindow(GlobalWindow.INSTANCE)
          .setPaneInfo(PaneInfo.NO_FIRING)
          .setTimestamp(BoundedWindow.TIMESTAMP_MIN_VALUE)
          .setReceiver(
              windowed -> {
                slices.add(windowed.getValue());
                timestamps.add(windowed.getTimestamp());
              });
    }
  }

  /** One poll from {@code restriction}; returns the residual a checkpoint keeps. */
  private static TailPosition poll(
      WatchCommits.WatchFn fn, TailPosition restriction, Collected out) {
    TailTracker tracker = fn.newTracker(restriction);
    WatermarkEstimators.Manual watermark =
        new WatermarkEstimators.Manual(BoundedWindow.TIMESTAMP_MIN_VALUE);
    fn.process(tracker, watermark, out);
    SplitResult<TailPosition> split = tracker.trySplit(0);
    tracker.checkDone();
    return split.getResidual();
  }

  private static Map<String, String> read(String base, List<SliceRead> slices) {
    FileSliceReader reader = ReadPlanner.open(new Configuration(), base).sliceReader();
    Map<String, String> out = new TreeMap<>();
    for (SliceRead slice : slices) {
      reader.read(
          slice,
          (GenericRecord r) -> {
            String previous =
                out.put(
                    r.get("_hoodie_record_key").toString(),
                    r.get("_hoodie_commit_time") + "," + r.get("fare"));
            assertThat("read twice: " + r.get("_hoodie_record_key"), previous == null, is(true));
          });
    }
    return out;
  }

  private static Map<String, String> expected(String commit, long b, long start, long count) {
    Map<String, String> out = new TreeMap<>();
    for (long i = start; i < start + count; i++) {
      out.put(TripsData.key(i), commit + "," + TripsData.fare(b, i));
    }
    return out;
  }

  @Test
  public void everyCommitOnceAcrossCheckpoints() {
    String base = new File(tmp.getRoot(), "trips").getPath();
    LocalWrite write = LocalWrite.trips(base);
    String c1 = write.insert(TripsData.batch(0, 0, 100));
    ReadSpec spec =
        ReadSpec.of(
            base,
            Map.of(),
            ReadQuery.snapshot().withPartitionFilter(PartitionFilter.all()),
            List.of(),
            List.of(),
            true);
    WatchCommits.WatchFn fn =
        new WatchCommits.WatchFn(
            spec,
            new TailStart(TailStart.Strategy.EARLIEST, null, false),
            Duration.standardSeconds(1));
    TailPosition position = fn.initialRestriction();

    Collected first = new Collected();
    position = poll(fn, position, first);
    assertThat(read(base, first.slices), is(expected(c1, 0, 0, 100)));
    assertThat(position.position(), is(c1));

    // Nothing new: the restored tail outputs nothing.
    Collected idle = new Collected();
    position = poll(fn, position, idle);
    assertThat(idle.slices.isEmpty(), is(true));

    String c2 = write.upsert(TripsData.batch(1, 50, 100));
    String c3 = write.upsert(TripsData.batch(2, 120, 10));
    Collected next = new Collected();
    position = poll(fn, position, next);
    assertThat(position.position(), is(c3));
    List<SliceRead> ofC2 = new ArrayList<>();
    List<SliceRead> ofC3 = new ArrayList<>();
    for (int i = 0; i < next.slices.size(); i++) {
      SliceRead s = next.slices.get(i);
      (s.commitTimes().includes(c2) ? ofC2 : ofC3).add(s);
      assertThat(
          next.timestamps.get(i).getMillis(),
          is(
              ReadPlanner.open(new Configuration(), base)
                  .tail()
                  .timeOf(s.commitTimes().includes(c2) ? c2 : c3)
                  .toEpochMilli()));
    }
    Map<String, String> c2Rows = expected(c2, 1, 50, 100);
    // c3 updated 120..129 after c2: the slices read as of c2 still hold c2's versions of them.
    assertThat(read(base, ofC2), is(c2Rows));
    assertThat(read(base, ofC3), is(expected(c3, 2, 120, 10)));

    // LATEST starts after c3: nothing until the next commit.
    WatchCommits.WatchFn latest =
        new WatchCommits.WatchFn(
            spec,
            new TailStart(TailStart.Strategy.LATEST, null, false),
            Duration.standardSeconds(1));
    TailPosition fromLatest = latest.initialRestriction();
    assertThat(fromLatest.position(), is(c3));
    Collected none = new Collected();
    poll(latest, fromLatest, none);
    assertThat(none.slices.isEmpty(), is(true));
  }
}
