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

import io.hudibeam.concurrency.CommitIntents;
import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.concurrency.ConcurrentWriterException;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.MetadataTable;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineLayout;
import io.hudibeam.timeline.TimelineWriter;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Completes a pending write instant (as Hudi 0.15's BaseHoodieWriteClient.commitStats does):
 * deletes the data files that have a marker but are not in the write stats (left by retried or
 * failed attempts; log files too, since this writer writes every log file new and never appends to
 * one another attempt wrote), checks every reported file exists with its reported size, writes the
 * completed instant with the commit metadata — the single atomic commit point — and deletes the
 * marker folder and the heartbeat.
 *
 * <p>Concurrency. Everything from reading the timeline to writing the completed instant runs under
 * the {@link TableLock}, which writers' starts and commits (and Hudi writers configured with Hudi's
 * {@code FileSystemBasedLockProvider}) also take, so no other commit, and no rollback by another
 * writer's start, can come between the check and the completion. Under the lock:
 *
 * <ul>
 *   <li>The instant is gone (another writer rolled it back, its heartbeat having expired) or is
 *       being rolled back: this write's data files (by its markers), its marker folder and its
 *       heartbeat are deleted and the commit fails ({@link ConcurrentWriterException}), saying so.
 *   <li>A write instant completed since this one started touches one of its file groups ({@link
 *       WriteConflicts}): committing would lose that write's updates, so this instant is rolled
 *       back (its files deleted by its markers, a rollback instant written) and the commit fails
 *       naming the conflicting instant and file groups.
 * </ul>
 *
 * <p>Where the lock excludes no other writer (S3 through S3A: {@link
 * TableLock#excludesOtherWriters()}), the check and the completion also run under a commit intent
 * ({@link CommitIntents}): a writer that finds another live writer committing at the same moment
 * deletes its own files and fails, so two commits never pass the check side by side.
 *
 * <p>Idempotent: an instant that is already completed is not committed again, but the steps after
 * the completion (marker folder, heartbeat) are finished, in case a crash stopped them.
 */
public final class InstantCommitter {
  private static final Logger LOG = LoggerFactory.getLogger(InstantCommitter.class);

  private final FileSystem fs;
  private final TablePaths paths;
  private final Clock clock;
  private final Heartbeats heartbeats;
  private final TableLock lock;
  private final ConcurrencySettings concurrency;

  public InstantCommitter(FileSystem fs, TablePaths paths) {
    this(
        fs,
        paths,
        Clock.systemUTC(),
        HeartbeatSettings.defaults(),
        new TableLock(fs, paths, LockSettings.defaults(), Clock.systemUTC()));
  }

  public InstantCommitter(
      FileSystem fs, TablePaths paths, Clock clock, HeartbeatSettings heartbeat, TableLock lock) {
    this(fs, paths, clock, heartbeat, lock, ConcurrencySettings.singleWriter());
  }

  /**
   * With optimistic concurrency control, the instant of a commit that loses a conflict is rolled
   * back under Hudi's LAZY rule (the other writers' newer pending instants do not stop it).
   */
  public InstantCommitter(
      FileSystem fs,
      TablePaths paths,
      Clock clock,
      HeartbeatSettings heartbeat,
      TableLock lock,
      ConcurrencySettings concurrency) {
    this.concurrency = concurrency;
    this.fs = fs;
    this.paths = paths;
    this.clock = clock;
    this.heartbeats = new Heartbeats(fs, paths, heartbeat, clock);
    this.lock = lock;
  }

  /**
   * Commits an instant whose start snapshot is unknown: conflicts are checked only against
   * completed write instants newer than it. Prefer {@link #commit(StartedInstant, CommitMetadata)}.
   */
  public CommitOutcome commit(InstantTime instantTime, Action action, CommitMetadata metadata) {
    return commit(
        new StartedInstant(instantTime, action, new TableConfigStore(fs, paths).load()), metadata);
  }

  public CommitOutcome commit(StartedInstant started, CommitMetadata metadata) {
    InstantTime instantTime = started.instantTime();
    CommitOutcome outcome;
    try (TableLock.Held held = lock.acquire("commit " + instantTime)) {
      outcome =
          lock.excludesOtherWriters()
              ? commitUnderLock(started, metadata)
              : commitAnnounced(started, metadata);
    }
    new MarkerStore(fs, paths, instantTime).deleteAll();
    heartbeats.delete(instantTime);
    return outcome;
  }

  /**
   * Where the lock excludes nobody (S3): the commit under an intent ({@link CommitIntents}); if
   * another live writer is committing at the same moment, this write's data files, markers and
   * heartbeat are deleted and it fails, writing nothing to the timeline (the other commit may be
   * writing it), so the next write rolls the instant back.
   */
  private CommitOutcome commitAnnounced(StartedInstant started, CommitMetadata metadata) {
    InstantTime instantTime = started.instantTime();
    CommitIntents intents = new CommitIntents(fs, paths, heartbeats);
    // Others take the intent as live while the heartbeat is: refresh it first (not if it is gone).
    heartbeats.refreshIfPresent(instantTime);
    try {
      List<InstantTime> others = intents.announce(instantTime);
      if (!others.isEmpty()) {
        int deleted = deleteOwnFiles(instantTime);
        throw new ConcurrentWriterException(
            String.format(
                "Cannot commit instant %s (%s) of table %s: another writer is committing instant %s"
                    + " at the same moment (its intent is in %s). The table lock %s excludes no other"
                    + " writer on %s (no atomic create-if-absent), so two writers ran at once, which"
                    + " %s=SINGLE_WRITER assumes never happens there; committing beside it could lose"
                    + " its changes. Nothing of this write is committed: its %d data files, its marker"
                    + " folder and its heartbeat were deleted, and the next write rolls the instant"
                    + " back. Run one writer per table on this store, then write again.",
                instantTime,
                started.action().value(),
                paths,
                others.size() == 1 ? others.get(0) : others,
                paths.commitIntentFolder(),
                lock.lockFile(),
                fs.getUri().getScheme(),
                ConcurrencySettings.MODE,
                deleted));
      }
      return commitUnderLock(started, metadata);
    } finally {
      intents.withdraw(instantTime);
    }
  }

  private CommitOutcome commitUnderLock(StartedInstant started, CommitMetadata metadata) {
    InstantTime instantTime = started.instantTime();
    // The timeline is listed again under the lock; its layout (the table version) is the one the
    // start read, not read again from hoodie.properties (docs/object-stores.md).
    TableVersion version = started.tableConfig().version();
    Timeline timeline = Timeline.load(fs, paths, TimelineLayout.of(version));
    Optional<Instant> current = timeline.find(instantTime, started.action());
    if (current.isPresent() && current.get().isCompleted()) {
      LOG.info(
          "Table {}: instant {} is already committed; finishing its post-commit steps",
          paths,
          instantTime);
      return CommitOutcome.ALREADY_COMMITTED;
    }
    Rollback rollback = new Rollback(fs, paths);
    Optional<Instant> rollingBack =
        current.isPresent() ? rollback.pendingRollbackOf(instantTime) : Optional.empty();
    if (current.isEmpty() || rollingBack.isPresent()) {
      int deleted = deleteOwnFiles(instantTime);
      throw new ConcurrentWriterException(
          String.format(
              "Cannot commit instant %s (%s) of table %s: %s, most likely because its heartbeat %s had"
                  + " expired (see %s and %s). Nothing of this write is committed: its %d data files"
                  + " left on disk, its marker folder %s and its heartbeat were deleted. Write again.",
              instantTime,
              started.action().value(),
              paths,
              current.isEmpty()
                  ? "it is no longer on the timeline; another writer rolled it back"
                  : "another writer is rolling it back (rollback " + rollingBack.get().time() + ")",
              heartbeats.file(instantTime),
              HeartbeatSettings.INTERVAL,
              HeartbeatSettings.TOLERABLE_MISSES,
              deleted,
              new MarkerStore(fs, paths, instantTime).folder()));
    }
    Optional<WriteConflicts.Conflict> conflict =
        new WriteConflicts(fs, paths).find(timeline, started, metadata);
    if (conflict.isPresent()) {
      throw rollBackConflict(started, conflict.get());
    }
    TimelineWriter writer = new TimelineWriter(fs, paths, started.tableConfig());
    Instant inflight =
        current.get().state() == State.REQUESTED
            ? writer.transitionToInflight(current.get(), new byte[0])
            : current.get();

    Set<String> reported = new HashSet<>();
    for (WriteStat stat : metadata.writeStats()) {
      checkReportedFile(instantTime, stat);
      reported.add(stat.path());
    }
    deleteUnreportedFiles(new MarkerStore(fs, paths, instantTime), reported);
    // Hudi 0.15 BaseHoodieWriteClient.commit: the metadata table's deltacommit at this instant time
    // completes before the data instant does.
    MetadataTable.of(fs, paths).ifPresent(m -> m.commit(instantTime, metadata));
    writer.complete(inflight, CommitMetadataFormat.encode(writer.layout(), metadata));
    return CommitOutcome.COMMITTED;
  }

  private ConcurrentWriterException rollBackConflict(
      StartedInstant started, WriteConflicts.Conflict conflict) {
    InstantTime instantTime = started.instantTime();
    String what =
        String.format(
            "Cannot commit instant %s (%s) of table %s: it conflicts with instant %s (%s), which another"
                + " writer completed after this write started and which also wrote file groups %s."
                + " Committing would lose that write's changes to them",
            instantTime,
            started.action().value(),
            paths,
            conflict.instant().time(),
            conflict.instant().action().value(),
            conflict.fileGroups());
    // Hudi's ordering rule lets an instant with a heartbeat be rolled back under a newer commit.
    heartbeats.beat(instantTime);
    InstantTimeGenerator generator =
        new InstantTimeGenerator(clock, started.tableConfig().timelineTimezone());
    try {
      InstantTime rollbackTime = generator.next(Timeline.load(fs, paths));
      RollbackResult result =
          concurrency.optimistic()
              ? new Rollback(fs, paths).rollbackLazily(instantTime, rollbackTime)
              : new Rollback(fs, paths).rollback(instantTime, rollbackTime);
      LOG.warn("Table {}: {}; rolled back as {}", paths, what, result.rollbackTime());
      return new ConcurrentWriterException(
          String.format(
              "%s. This write is rolled back (rollback instant %s deleted its %d data files; its marker"
                  + " folder and heartbeat are gone). Write again: the new write sees %s.",
              what,
              result.rollbackTime(),
              result.deletedFiles().size(),
              conflict.instant().time()));
    } catch (RollbackRefusedException e) {
      int deleted = deleteOwnFiles(instantTime);
      return new ConcurrentWriterException(
          String.format(
              "%s. Its %d data files were deleted, but the instant could not be rolled back now (%s); the"
                  + " next write rolls it back once its heartbeat has expired. Write again.",
              what, deleted, e.getMessage()));
    }
  }

  /**
   * Deletes the data files named by this instant's CREATE and MERGE markers, the marker folder and
   * the heartbeat; returns how many data files were deleted.
   */
  private int deleteOwnFiles(InstantTime instantTime) {
    MarkerStore markers = new MarkerStore(fs, paths, instantTime);
    int deleted = 0;
    for (Marker marker : markers.list()) {
      if (marker.ioType() == IOType.APPEND) {
        continue;
      }
      Path file = new Path(paths.basePath(), marker.dataFileRelativePath());
      try {
        if (fs.exists(file) && fs.delete(file, false)) {
          deleted++;
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot delete " + file + " of instant " + instantTime, e);
      }
    }
    markers.deleteAll();
    heartbeats.delete(instantTime);
    LOG.warn(
        "Table {}: instant {} cannot be committed (see the error); deleted its {} data files",
        paths,
        instantTime,
        deleted);
    return deleted;
  }

  private void checkReportedFile(InstantTime instantTime, WriteStat stat) {
    Path file = new Path(paths.basePath(), stat.path());
    try {
      long size = fs.getFileStatus(file).getLen();
      if (size != stat.fileSizeInBytes()) {
        throw new HudiTableException(
            String.format(
                "Write stat of %s for instant %s says %d bytes but the file has %d",
                file, instantTime, stat.fileSizeInBytes(), size));
      }
    } catch (FileNotFoundException e) {
      throw new HudiTableException(
          "File " + file + " reported for instant " + instantTime + " does not exist", e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + file, e);
    }
  }

  private void deleteUnreportedFiles(MarkerStore markers, Set<String> reported) {
    for (Marker marker : markers.list()) {
      if (reported.contains(marker.dataFileRelativePath())) {
        continue;
      }
      if (marker.ioType() == IOType.APPEND
          && io.hudibeam.files.LogFileName.tryParse(marker.dataFileName()).isEmpty()) {
        // An APPEND marker with a base-file name (Hudi 0.14's form) names no log file to delete.
        continue;
      }
      Path orphan = new Path(paths.basePath(), marker.dataFileRelativePath());
      try {
        if (fs.delete(orphan, false)) {
          LOG.info("Table {}: deleted {} written by a failed or retried attempt", paths, orphan);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot delete unreported file " + orphan, e);
      }
    }
  }
}
