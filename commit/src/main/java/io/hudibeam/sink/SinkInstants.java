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
package io.hudibeam.sink;

import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.IntervalContent;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadatatable.MetadataTableMaintenance;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;

/**
 * Decides, for one commit interval of a streaming sink, whether to skip it, wait, or start its
 * instant (the instant coordinator's decision; see docs/architecture.md):
 *
 * <ol>
 *   <li>the sink's newest commit is through the interval's end and the sink's commit of this very
 *       interval holds the same content (record count and fingerprint, {@link IntervalContent}):
 *       {@link Kind#SKIP} (a replay). If it holds other records, or the sink has no commit of this
 *       interval, the records are another stream's under the same sink id, and the decision fails
 *       with a {@link ReplayMismatchException} naming the interval, the sink and the setting that
 *       gives a stream its own id (writing them would break the order of the sink's commits, and
 *       skipping them would lose them). A commit made before HudiIO recorded the content is trusted
 *       by its interval alone;
 *   <li>a pending write instant of another writer, or one of the sink's own still-live instants
 *       (the previous interval, not yet committed), is on the timeline: {@link Kind#WAIT}, so
 *       instant N+1 is started only after N is completed and every copy-on-write merge reads N's
 *       base files;
 *   <li>otherwise the sink's abandoned pending instants (tagged with its id, not live: left by a
 *       crashed run) are rolled back and a new instant is started: {@link Kind#START}.
 * </ol>
 */
public final class SinkInstants {
  private final FileSystem fs;
  private final TablePaths paths;
  private final Clock clock;
  private final HeartbeatSettings heartbeat;
  private final LockSettings lock;
  private final MetadataTableSettings metadataTable;
  private final MetadataTableMaintenance maintenance;

  /** With Hudi's default heartbeat and lock settings. */
  public SinkInstants(FileSystem fs, TablePaths paths, Clock clock) {
    this(fs, paths, clock, HeartbeatSettings.defaults(), LockSettings.defaults());
  }

  /**
   * With the write's heartbeat and lock settings, so a sink's starts take the same lock (file
   * folder, retries, or the in-process lock) as the table's other writers.
   */
  public SinkInstants(
      FileSystem fs,
      TablePaths paths,
      Clock clock,
      HeartbeatSettings heartbeat,
      LockSettings lock) {
    this(fs, paths, clock, heartbeat, lock, MetadataTableSettings.defaults());
  }

  /**
   * As {@link #SinkInstants(FileSystem, TablePaths, Clock, HeartbeatSettings, LockSettings)},
   * keeping (and compacting) the files partition of the table's metadata table or deleting the
   * metadata table ({@code hoodie.metadata.enable=false}), as {@code metadataTable} says.
   */
  public SinkInstants(
      FileSystem fs,
      TablePaths paths,
      Clock clock,
      HeartbeatSettings heartbeat,
      LockSettings lock,
      MetadataTableSettings metadataTable) {
    this(fs, paths, clock, heartbeat, lock, metadataTable, MetadataTableMaintenance.NONE);
  }

  /**
   * As above, also cleaning and archiving the metadata table at each start ({@code maintenance}).
   */
  public SinkInstants(
      FileSystem fs,
      TablePaths paths,
      Clock clock,
      HeartbeatSettings heartbeat,
      LockSettings lock,
      MetadataTableSettings metadataTable,
      MetadataTableMaintenance maintenance) {
    this.fs = fs;
    this.paths = paths;
    this.clock = clock;
    this.heartbeat = heartbeat;
    this.lock = lock;
    this.metadataTable = metadataTable;
    this.maintenance = maintenance;
  }

  private InstantStarter starter() {
    return new InstantStarter(fs, paths, clock, heartbeat, new TableLock(fs, paths, lock, clock))
        .metadataTable(metadataTable)
        .metadataTableMaintenance(maintenance);
  }

  /** What to do with an interval. */
  public enum Kind {
    SKIP,
    WAIT,
    START
  }

  /** The decision, with the started instant or what it waits for. */
  public static final class Decision {
    private final Kind kind;
    private final Optional<StartedInstant> started;
    private final List<Instant> waitingFor;
    private final Optional<Long> committedThrough;
    private final Optional<SinkLineage.CommittedInterval> replayOf;

    private Decision(
        Kind kind,
        Optional<StartedInstant> started,
        List<Instant> waitingFor,
        Optional<Long> through,
        Optional<SinkLineage.CommittedInterval> replayOf) {
      this.kind = kind;
      this.started = started;
      this.waitingFor = List.copyOf(waitingFor);
      this.committedThrough = through;
      this.replayOf = replayOf;
    }

    private Decision(
        Kind kind,
        Optional<StartedInstant> started,
        List<Instant> waitingFor,
        Optional<Long> through) {
      this(kind, started, waitingFor, through, Optional.empty());
    }

    /** For a {@link Kind#SKIP}: the sink's commit this interval replays. */
    public Optional<SinkLineage.CommittedInterval> replayOf() {
      return replayOf;
    }

    public Kind kind() {
      return kind;
    }

    public Optional<StartedInstant> started() {
      return started;
    }

    /** The pending instants a {@link Kind#WAIT} waits for. */
    public List<Instant> waitingFor() {
      return waitingFor;
    }

    /** The sink's committed-through mark found on the timeline, if any. */
    public Optional<Long> committedThrough() {
      return committedThrough;
    }

    @Override
    public String toString() {
      return kind
          + started.map(s -> " " + s.instantTime()).orElse("")
          + (waitingFor.isEmpty() ? "" : " waiting for " + waitingFor);
    }
  }

  /**
   * Decides for the interval whose lineage is {@code lineage} (see {@link SinkLineage#of}). {@code
   * live} are the instants this run of the sink started and has not seen completed: they are waited
   * for, never rolled back.
   */
  public Decision decide(
      TableConfig requested,
      Action action,
      OperationType operation,
      Map<String, String> lineage,
      Set<InstantTime> live) {
    String sinkId =
        SinkLineage.sinkIdOf(lineage)
            .orElseThrow(
                () -> new IllegalArgumentException("The lineage has no " + SinkLineage.SINK_ID));
    long windowEnd = SinkLineage.windowEndOf(lineage);
    InstantStarter starter = starter();
    if (!starter.tableExists()) {
      return new Decision(
          Kind.START,
          Optional.of(starter.startForSink(requested, action, operation, lineage, List.of())),
          List.of(),
          Optional.empty());
    }
    SinkLineage sinks = new SinkLineage(fs, paths);
    Timeline timeline = Timeline.load(fs, paths);
    Optional<Long> through = sinks.committedThrough(timeline, sinkId);
    if (through.isPresent() && through.get() >= windowEnd) {
      return new Decision(
          Kind.SKIP,
          Optional.empty(),
          List.of(),
          through,
          Optional.of(replayedCommit(sinks, timeline, lineage, through.get())));
    }
    List<Instant> blocking = new ArrayList<>();
    List<InstantTime> abandoned = new ArrayList<>();
    for (Instant pending : timeline.writeTimeline().pending().instants()) {
      boolean ours = sinks.ownerOf(pending).filter(sinkId::equals).isPresent();
      if (ours && !live.contains(pending.time())) {
        abandoned.add(pending.time());
      } else {
        blocking.add(pending);
      }
    }
    if (!blocking.isEmpty()) {
      return new Decision(Kind.WAIT, Optional.empty(), blocking, through);
    }
    return new Decision(
        Kind.START,
        Optional.of(starter.startForSink(requested, action, operation, lineage, abandoned)),
        List.of(),
        through);
  }

  /**
   * The sink's commit of the interval in {@code lineage}, which the sink has committed through, if
   * this interval's content is the one committed (a replay); else a {@link
   * ReplayMismatchException}.
   */
  private SinkLineage.CommittedInterval replayedCommit(
      SinkLineage sinks, Timeline timeline, Map<String, String> lineage, long through) {
    String sinkId = SinkLineage.sinkIdOf(lineage).orElseThrow();
    long start = SinkLineage.windowStartOf(lineage);
    long end = SinkLineage.windowEndOf(lineage);
    IntervalContent ours =
        SinkLineage.contentOf(lineage)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "The lineage has no " + SinkLineage.INTERVAL_FINGERPRINT));
    String interval =
        "["
            + java.time.Instant.ofEpochMilli(start)
            + ", "
            + java.time.Instant.ofEpochMilli(end)
            + ")";
    String advice =
        " A stream is known by its sink id: give a stream that is not a rerun of the one that"
            + " committed this interval (another operation, a backfill, a reprocessing with new"
            + " values) its own sink id (HudiIO.write().withSinkId(...); the examples: --sinkId),"
            + " or write it as a batch.";
    Optional<SinkLineage.CommittedInterval> committed =
        sinks.committedInterval(timeline, sinkId, start, end);
    if (committed.isEmpty()) {
      throw new ReplayMismatchException(
          String.format(
              "Table %s: sink %s has committed through %s, but has no commit of the interval %s,"
                  + " which holds %s in this run: the sink's earlier run had no records there"
                  + " (or cut its intervals otherwise), so these records are not a replay of it,"
                  + " and writing them now would commit them out of the sink's order.%s",
              paths, sinkId, java.time.Instant.ofEpochMilli(through), interval, ours, advice));
    }
    Optional<IntervalContent> theirs = committed.get().content();
    if (theirs.isPresent() && !theirs.get().equals(ours)) {
      throw new ReplayMismatchException(
          String.format(
              "Table %s: sink %s committed the interval %s in %s with %s, but this run's interval"
                  + " holds %s (the fingerprint covers every record's values and the write"
                  + " operation): it is not a replay of that stream, and its records are neither"
                  + " written nor skipped.%s",
              paths, sinkId, interval, committed.get().describe(), theirs.get(), ours, advice));
    }
    return committed.get();
  }

  /** The instants of {@code live} that are still pending on the timeline. */
  public Set<InstantTime> stillPending(Set<InstantTime> live) {
    Set<InstantTime> pending = new TreeSet<>();
    if (live.isEmpty() || !starter().tableExists()) {
      return Collections.unmodifiableSet(pending);
    }
    for (Instant instant : Timeline.load(fs, paths).writeTimeline().pending().instants()) {
      if (live.contains(instant.time())) {
        pending.add(instant.time());
      }
    }
    return Collections.unmodifiableSet(pending);
  }

  @Override
  public String toString() {
    return "SinkInstants{" + Objects.toString(paths) + "}";
  }
}
