package io.hudibeam.commit;

import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Completes a pending write instant (hudi-format.md section 15, step 5): deletes the data files that
 * have a marker but are not in the write stats (left by retried or failed attempts; log files too,
 * since this writer writes every log file new and never appends to one another attempt wrote), checks every
 * reported file exists with its reported size, writes the completed instant with the commit
 * metadata — the single atomic commit point — and deletes the marker folder. Idempotent: an
 * instant that is already completed is left alone.
 */
public final class InstantCommitter {
  private static final Logger LOG = LoggerFactory.getLogger(InstantCommitter.class);

  private final FileSystem fs;
  private final TablePaths paths;

  public InstantCommitter(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
  }

  public CommitOutcome commit(InstantTime instantTime, Action action, CommitMetadata metadata) {
    Timeline timeline = Timeline.load(fs, paths);
    Optional<Instant> current = timeline.find(instantTime, action);
    if (current.isPresent() && current.get().isCompleted()) {
      LOG.info("Table {}: instant {} is already committed; nothing to do", paths, instantTime);
      return CommitOutcome.ALREADY_COMMITTED;
    }
    if (current.isEmpty()) {
      throw new HudiTableException(
          String.format(
              "Cannot commit instant %s (%s) of table %s: it is not on the timeline; it may have"
                  + " been rolled back by another writer",
              instantTime, action.value(), paths));
    }
    TimelineWriter writer = new TimelineWriter(fs, paths);
    Instant inflight =
        current.get().state() == State.REQUESTED
            ? writer.transitionToInflight(current.get(), new byte[0])
            : current.get();

    Set<String> reported = new HashSet<>();
    for (WriteStat stat : metadata.writeStats()) {
      checkReportedFile(instantTime, stat);
      reported.add(stat.path());
    }
    MarkerStore markers = new MarkerStore(fs, paths, instantTime);
    deleteUnreportedFiles(markers, reported);

    writer.complete(inflight, CommitMetadataJson.toJson(metadata));
    markers.deleteAll();
    return CommitOutcome.COMMITTED;
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
