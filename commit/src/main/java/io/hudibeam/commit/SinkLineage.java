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
package io.hudibeam.commit;

import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;

/**
 * The lineage a streaming sink writes into the extra metadata of its instants (requested, inflight
 * and completed files), and its lookup on the timeline. A sink (a stable id, like a Kafka consumer
 * group) commits one instant per commit interval, a window {@code [start, end)} of event time, and
 * marks each commit with the window and a monotonic "committed through" mark (the window end: the
 * sink commits its intervals in order). A replayed interval, with {@code end <= committed through},
 * is recognised and skipped; pending instants tagged with the sink id are its own, and nobody
 * else's are touched.
 *
 * <p>The lookup walks the active timeline's completed write instants newest first and reads each
 * commit file until it finds one of the sink, as Hudi's streaming sink finds its batch id ({@code
 * CommitUtils.getLatestCommitMetadataWithValidCheckpointInfo}). When the active timeline holds no
 * commit of the sink (other writers' commits have pushed all of them into the archive), the
 * archived timeline is read ({@link ArchivedCommits}); Hudi's own streaming sink looks on the
 * active timeline only. The marks are monotonic, so the greatest one found is the sink's latest.
 */
public final class SinkLineage {
  /** The sink's stable id. */
  public static final String SINK_ID = "beam.hudi.sink.id";

  /** The commit interval's window start, epoch milliseconds (inclusive). */
  public static final String WINDOW_START = "beam.hudi.window.start";

  /** The commit interval's window end, epoch milliseconds (exclusive). */
  public static final String WINDOW_END = "beam.hudi.window.end";

  /** Every event time before this (epoch milliseconds) is committed by the sink. */
  public static final String COMMITTED_THROUGH = "beam.hudi.committed.through";

  /** The commit interval in milliseconds. */
  public static final String COMMIT_INTERVAL = "beam.hudi.commit.interval.ms";

  /** The number of records of the commit interval ({@link IntervalContent#records()}). */
  public static final String INTERVAL_RECORDS = "beam.hudi.interval.records";

  /**
   * The fingerprint of the commit interval's records ({@link IntervalContent#fingerprintHex()}).
   */
  public static final String INTERVAL_FINGERPRINT = "beam.hudi.interval.fingerprint";

  private final FileSystem fs;
  private final TablePaths paths;

  public SinkLineage(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
  }

  /**
   * The extra metadata of the sink's instant for the window {@code [start, end)} holding {@code
   * content}.
   */
  public static Map<String, String> of(
      String sinkId,
      long windowStart,
      long windowEnd,
      long intervalMillis,
      IntervalContent content) {
    if (sinkId == null || sinkId.isEmpty()) {
      throw new IllegalArgumentException("A streaming sink id must not be null or empty");
    }
    if (windowEnd <= windowStart) {
      throw new IllegalArgumentException(
          "A commit interval's window must end after it starts, but got ["
              + windowStart
              + ", "
              + windowEnd
              + ")");
    }
    Map<String, String> lineage = new LinkedHashMap<>();
    lineage.put(SINK_ID, sinkId);
    lineage.put(WINDOW_START, String.valueOf(windowStart));
    lineage.put(WINDOW_END, String.valueOf(windowEnd));
    lineage.put(COMMITTED_THROUGH, String.valueOf(windowEnd));
    lineage.put(COMMIT_INTERVAL, String.valueOf(intervalMillis));
    lineage.put(INTERVAL_RECORDS, String.valueOf(content.records()));
    lineage.put(INTERVAL_FINGERPRINT, content.fingerprintHex());
    return Collections.unmodifiableMap(lineage);
  }

  /**
   * The interval's content in a sink instant's extra metadata; empty for an instant committed by a
   * version of HudiIO that did not record it.
   */
  public static Optional<IntervalContent> contentOf(Map<String, String> extraMetadata) {
    if (!extraMetadata.containsKey(INTERVAL_FINGERPRINT)) {
      return Optional.empty();
    }
    String fingerprint = extraMetadata.get(INTERVAL_FINGERPRINT);
    try {
      return Optional.of(
          new IntervalContent(
              longValue(extraMetadata, INTERVAL_RECORDS),
              IntervalContent.parseFingerprint(fingerprint)));
    } catch (NumberFormatException | NullPointerException e) {
      throw new HudiTableException(
          "Extra metadata key "
              + INTERVAL_FINGERPRINT
              + " of a streaming sink's instant must be 16 hexadecimal digits, but was '"
              + fingerprint
              + "'");
    }
  }

  /** The window start in a sink instant's extra metadata. */
  public static long windowStartOf(Map<String, String> extraMetadata) {
    return longValue(extraMetadata, WINDOW_START);
  }

  /**
   * A completed commit of a sink for one commit interval: its instant time (empty when it was read
   * from the archived timeline, which is searched by content only) and its extra metadata.
   */
  public record CommittedInterval(Optional<String> instantTime, Map<String, String> extraMetadata) {
    public CommittedInterval {
      extraMetadata = Map.copyOf(extraMetadata);
    }

    /** The interval's content as committed, if the commit recorded it. */
    public Optional<IntervalContent> content() {
      return contentOf(extraMetadata);
    }

    /** The instant, or a phrase naming the archived commit. */
    public String describe() {
      return instantTime.map(t -> "instant " + t).orElse("an archived commit");
    }
  }

  /**
   * The sink's completed commit for exactly the window {@code [windowStart, windowEnd)}: searched
   * newest first on the active timeline, down to the sink's first commit of an earlier interval
   * (the sink commits its intervals in order), then on the archived timeline.
   */
  public Optional<CommittedInterval> committedInterval(
      Timeline timeline, String sinkId, long windowStart, long windowEnd) {
    List<Instant> completed = new ArrayList<>(timeline.completedWriteTimeline().instants());
    Collections.reverse(completed);
    for (Instant instant : completed) {
      Map<String, String> extra = extraMetadataOf(instant);
      if (!sinkId.equals(extra.get(SINK_ID))) {
        continue;
      }
      long start = longValue(extra, WINDOW_START);
      long end = longValue(extra, WINDOW_END);
      if (start == windowStart && end == windowEnd) {
        return Optional.of(new CommittedInterval(Optional.of(instant.time().value()), extra));
      }
      if (end <= windowStart) {
        return Optional.empty();
      }
    }
    for (Map<String, String> extra : ArchivedCommits.extraMetadataOfCompletedWrites(fs, paths)) {
      if (sinkId.equals(extra.get(SINK_ID))
          && longValue(extra, WINDOW_START) == windowStart
          && longValue(extra, WINDOW_END) == windowEnd) {
        return Optional.of(new CommittedInterval(Optional.empty(), extra));
      }
    }
    return Optional.empty();
  }

  /** The sink id in an instant's extra metadata, if it has one. */
  public static Optional<String> sinkIdOf(Map<String, String> extraMetadata) {
    return Optional.ofNullable(extraMetadata.get(SINK_ID));
  }

  /** The window end in a sink instant's extra metadata. */
  public static long windowEndOf(Map<String, String> extraMetadata) {
    return longValue(extraMetadata, WINDOW_END);
  }

  /**
   * The "committed through" mark of the newest completed commit of {@code sinkId} on the active
   * timeline, else the greatest mark of its commits on the archived timeline, or empty if the sink
   * has committed nothing.
   */
  public Optional<Long> committedThrough(String sinkId) {
    return committedThrough(Timeline.load(fs, paths), sinkId);
  }

  public Optional<Long> committedThrough(Timeline timeline, String sinkId) {
    List<Instant> completed = new ArrayList<>(timeline.completedWriteTimeline().instants());
    Collections.reverse(completed);
    for (Instant instant : completed) {
      Map<String, String> extra = extraMetadataOf(instant);
      if (sinkId.equals(extra.get(SINK_ID))) {
        return Optional.of(longValue(extra, COMMITTED_THROUGH));
      }
    }
    Optional<Long> archived = Optional.empty();
    for (Map<String, String> extra : ArchivedCommits.extraMetadataOfCompletedWrites(fs, paths)) {
      if (sinkId.equals(extra.get(SINK_ID))) {
        long through = longValue(extra, COMMITTED_THROUGH);
        if (archived.isEmpty() || through > archived.get()) {
          archived = Optional.of(through);
        }
      }
    }
    return archived;
  }

  /**
   * The sink id a pending write instant was started for: read from its inflight file, else its
   * requested file; empty for an instant of another kind of writer (a batch write, Hudi's own), and
   * for any action a sink does not start (a pending compaction or replacecommit, whose requested
   * file is an Avro plan, not JSON commit metadata).
   */
  public Optional<String> ownerOf(Instant pending) {
    if (pending.action() != Action.COMMIT && pending.action() != Action.DELTA_COMMIT) {
      return Optional.empty();
    }
    for (State state : List.of(State.INFLIGHT, State.REQUESTED)) {
      if (pending.state().compareTo(state) >= 0) {
        Optional<String> owner = sinkIdOf(extraMetadataOf(pending.withState(state)));
        if (owner.isPresent()) {
          return owner;
        }
      }
    }
    return Optional.empty();
  }

  private Map<String, String> extraMetadataOf(Instant instant) {
    byte[] content;
    try {
      content = new TimelineWriter(fs, paths).read(instant);
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof FileNotFoundException) {
        return Map.of();
      }
      throw e;
    }
    if (content.length == 0) {
      return Map.of();
    }
    String source = instant.fileName() + " of table " + paths;
    CommitMetadata metadata =
        instant.action() == Action.REPLACE_COMMIT
            ? CommitMetadataFormat.decodeReplace(content, source).commitMetadata()
            : CommitMetadataFormat.decode(content, source);
    return metadata.extraMetadata();
  }

  private static long longValue(Map<String, String> extra, String key) {
    String value = extra.get(key);
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException | NullPointerException e) {
      throw new HudiTableException(
          "Extra metadata key "
              + key
              + " of a streaming sink's instant must be epoch milliseconds, but was '"
              + value
              + "'");
    }
  }
}
