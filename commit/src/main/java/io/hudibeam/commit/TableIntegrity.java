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
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableProperty;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Checks an existing table before a write starts, so that corrupt or inconsistent metadata is
 * refused with the file named before anything is written (no rollback, no requested instant, no
 * repair):
 *
 * <ul>
 *   <li>a {@code .hoodie} timeline without {@code hoodie.properties} or its backup (this writer
 *       would otherwise create a new table config over committed data);
 *   <li>{@code hoodie.properties} that cannot be read, with a backup that cannot either (read by
 *       {@link TableConfigStore#load}, which uses a valid backup as Hudi's readers do);
 *   <li>an instant file dated more than {@link #maxAhead} after this writer's clock: every new
 *       instant must come after it, so one far-future file would date all later instants after it;
 *   <li>an empty or unparseable completed commit, deltacommit or replacecommit file, or an empty
 *       completed clean or rollback file;
 *   <li>a data file the latest completed write instant references but that is missing: a merge into
 *       the file group would read the older slice and drop that instant's changes for good.
 * </ul>
 */
public final class TableIntegrity {
  /**
   * How far an instant may be after this writer's clock when the timeline is in UTC: clocks of
   * different machines differ by seconds, not hours.
   */
  public static final Duration MAX_AHEAD_UTC = Duration.ofHours(1);

  /**
   * How far an instant may be after this writer's clock when the timeline is in local time (Hudi's
   * default): each writer dates instants in its own zone, and zones span 26 hours (UTC-12 to
   * UTC+14), plus the hour of {@link #MAX_AHEAD_UTC}.
   */
  public static final Duration MAX_AHEAD_LOCAL = Duration.ofHours(27);

  private final FileSystem fs;
  private final TablePaths paths;
  private final Clock clock;

  public TableIntegrity(FileSystem fs, TablePaths paths, Clock clock) {
    this.fs = fs;
    this.paths = paths;
    this.clock = clock;
  }

  /** The tolerance for instants after the clock, for a timeline in {@code zone}. */
  public static Duration maxAhead(TimelineTimezone zone) {
    return zone == TimelineTimezone.UTC ? MAX_AHEAD_UTC : MAX_AHEAD_LOCAL;
  }

  /**
   * Runs every check on the table at the base path; does nothing when there is no {@code .hoodie}
   * folder (a new table).
   *
   * @throws TableIntegrityException (or the {@link TableConfigStore} exception for an unreadable
   *     {@code hoodie.properties}) naming the file, when a check fails
   */
  public void check() {
    if (!exists(paths.metaFolder())) {
      return;
    }
    Timeline timeline = Timeline.load(fs, paths);
    if (!exists(paths.propertiesFile()) && !exists(paths.propertiesBackupFile())) {
      if (!timeline.isEmpty()) {
        throw new TableIntegrityException(
            String.format(
                "Table at %s has a timeline (%d instants, the latest %s) but neither %s nor %s"
                    + " exists: the table config is lost. Restore hoodie.properties from a copy;"
                    + " this writer does not create a new one over committed data. Nothing was"
                    + " written",
                paths,
                timeline.size(),
                timeline.last().orElseThrow().fileName(),
                paths.propertiesFile(),
                paths.propertiesBackupFile()));
      }
      return;
    }
    TableConfig table = new TableConfigStore(fs, paths).load();
    checkNothingAhead(timeline, table.timelineTimezone());
    checkCompletedInstantFiles(timeline);
    checkLatestWriteFiles(timeline);
  }

  private void checkNothingAhead(Timeline timeline, TimelineTimezone zone) {
    Optional<Instant> last = timeline.last();
    if (last.isEmpty()) {
      return;
    }
    Duration tolerance = maxAhead(zone);
    LocalDateTime now =
        LocalDateTime.now(clock.withZone(zone.zoneId())).truncatedTo(ChronoUnit.MILLIS);
    InstantTime limit = InstantTime.of(now.plus(tolerance));
    Instant latest = last.get();
    if (latest.time().isAfter(limit)) {
      throw new TableIntegrityException(
          String.format(
              "Instant file %s is dated %s, more than %d hours after this writer's clock (%s in the"
                  + " table's timeline zone, %s=%s). A new instant must come after every instant on"
                  + " the timeline, so every later instant would be dated after %s. Check the clock"
                  + " of the writer that made it, or remove the file if it was not made by a"
                  + " writer. Nothing was written",
              new TimelineWriter(fs, paths).pathOf(latest),
              latest.time(),
              tolerance.toHours(),
              InstantTime.of(now),
              TableProperty.TIMELINE_TIMEZONE.key(),
              zone.value(),
              latest.time()));
    }
  }

  private void checkCompletedInstantFiles(Timeline timeline) {
    TimelineWriter reader = new TimelineWriter(fs, paths);
    for (Instant instant : timeline.completed().instants()) {
      Action action = instant.action();
      if (!action.writesData() && action != Action.CLEAN && action != Action.ROLLBACK) {
        continue;
      }
      Path file = reader.pathOf(instant);
      byte[] content = reader.read(instant);
      if (content.length == 0) {
        throw new TableIntegrityException(
            String.format(
                "Completed instant file %s is empty; a completed %s holds its metadata (the files"
                    + " it wrote or removed), so the timeline is corrupt. Restore the file from a"
                    + " copy. Nothing was written",
                file, action.value()));
      }
      if (action.writesData()) {
        try {
          CommitMetadataFormat.decode(content, file.toString());
        } catch (HudiTableException | UncheckedIOException e) {
          throw new TableIntegrityException(
              String.format(
                  "Completed instant file %s is not valid commit metadata (%s), so the timeline is"
                      + " corrupt. Restore the file from a copy. Nothing was written",
                  file, e.getMessage()),
              e);
        }
      }
    }
  }

  private void checkLatestWriteFiles(Timeline timeline) {
    Optional<Instant> latest = timeline.completedWriteTimeline().last();
    if (latest.isEmpty()) {
      return;
    }
    Instant instant = latest.get();
    TimelineWriter reader = new TimelineWriter(fs, paths);
    Path instantFile = reader.pathOf(instant);
    CommitMetadata metadata =
        CommitMetadataFormat.decode(reader.read(instant), instantFile.toString());
    for (WriteStat stat : metadata.writeStats()) {
      if (stat.path() == null || stat.path().isEmpty()) {
        continue;
      }
      Path file = new Path(paths.basePath(), stat.path());
      if (!exists(file)) {
        throw new TableIntegrityException(
            String.format(
                "Data file %s, written by the latest completed instant %s (%s), is missing. A write"
                    + " now would merge into an older version of file group %s and lose that"
                    + " instant's changes for good. Restore the file from a copy. Nothing was"
                    + " written",
                file, instant.time(), instantFile, stat.fileId()));
      }
    }
  }

  private boolean exists(Path path) {
    try {
      return fs.exists(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + path, e);
    }
  }
}
