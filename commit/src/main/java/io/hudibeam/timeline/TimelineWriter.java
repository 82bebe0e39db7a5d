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

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes instant files in the table's timeline folder ({@code .hoodie/}, or {@code
 * .hoodie/timeline/} in timeline layout 2). Each state of an instant is a new file, never an
 * overwrite of an existing one (both layouts). A file with content is written under a hidden
 * temporary name and renamed, so readers never see a partial file. In layout 2, completing an
 * instant mints its completion time: after every instant and completion time on the timeline, and
 * not before the clock in the table's timeline zone (Hudi 1.0's {@code
 * ActiveTimelineV2.createCompleteFileInMetaPath}).
 */
public final class TimelineWriter {
  private static final Logger LOG = LoggerFactory.getLogger(TimelineWriter.class);

  private final FileSystem fs;
  private final TablePaths paths;
  private TimelineLayout layout;
  private TimelineTimezone zone;

  public TimelineWriter(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
  }

  /**
   * A writer of a table whose config the caller has read already: the layout ({@code
   * hoodie.table.version}) and the timeline's zone are taken from it, not read again from {@code
   * hoodie.properties} (on an object store a HEAD and a GET each time; docs/object-stores.md).
   */
  public TimelineWriter(FileSystem fs, TablePaths paths, TableConfig table) {
    this(fs, paths);
    this.layout = TimelineLayout.of(table.version());
    this.zone = table.timelineTimezone();
  }

  /** The table's timeline layout, read from its {@code hoodie.properties} on first use. */
  public TimelineLayout layout() {
    if (layout == null) {
      layout = TimelineLayout.of(fs, paths);
    }
    return layout;
  }

  public Path pathOf(Instant instant) {
    return new Path(layout().timelineFolder(paths), instant.fileName());
  }

  /**
   * Creates a requested instant, refusing a time that is not after every instant on the timeline.
   */
  public Instant createRequested(InstantTime time, Action action, byte[] content) {
    Timeline timeline = Timeline.load(fs, paths, layout());
    timeline
        .latestInstantTime()
        .filter(latest -> !time.isAfter(latest))
        .ifPresent(
            latest -> {
              throw new HudiTableException(
                  String.format(
                      "Instant time %s for a new %s on table %s is not after the timeline's latest"
                          + " instant %s; instant times must increase",
                      time, action.value(), paths, latest));
            });
    Instant requested = Instant.requested(time, action);
    create(requested, content);
    return requested;
  }

  /**
   * Creates a requested instant whose time is on no instant of the timeline yet, but may be before
   * its latest: a table version 8 metadata table's deltacommit of a data instant that started
   * before the metadata table's latest compaction (Hudi 1.0.2 orders its file slices by completion
   * time, {@code HoodieFileGroup.getBaseInstantTime}).
   */
  public Instant createRequestedNotInOrder(InstantTime time, Action action, byte[] content) {
    Timeline timeline = Timeline.load(fs, paths, layout());
    if (timeline.instants().stream().anyMatch(i -> i.time().equals(time))) {
      throw new HudiTableException(
          String.format(
              "Instant time %s for a new %s on table %s is already on its timeline",
              time, action.value(), paths));
    }
    Instant requested = Instant.requested(time, action);
    create(requested, content);
    return requested;
  }

  /** Moves a requested instant to inflight, with the inflight content (may be empty). */
  public Instant transitionToInflight(Instant requested, byte[] content) {
    checkState(requested, State.REQUESTED);
    Instant inflight = requested.withState(State.INFLIGHT);
    create(inflight, content);
    return inflight;
  }

  /**
   * Completes an inflight instant; this file's creation is the atomic commit point. In timeline
   * layout 2 the completed instant carries a new completion time.
   */
  public Instant complete(Instant inflight, byte[] content) {
    checkState(inflight, State.INFLIGHT);
    Instant completed = inflight.withState(State.COMPLETED);
    if (layout().recordsCompletionTime()) {
      Timeline timeline = Timeline.load(fs, paths, layout());
      Optional<Instant> existing = timeline.find(completed.time(), completed.action());
      if (existing.isPresent() && existing.get().isCompleted()) {
        throw new HudiTableException(
            "Instant "
                + completed.time()
                + " of table "
                + paths
                + " is already completed as "
                + existing.get().fileName()
                + "; an instant state is never overwritten");
      }
      completed = completed.withCompletionTime(completionTimeGenerator().next(timeline));
    }
    create(completed, content);
    return completed;
  }

  private InstantTimeGenerator completionTimeGenerator() {
    if (zone != null) {
      return new InstantTimeGenerator(zone);
    }
    TimelineTimezone zone;
    try {
      zone = new TableConfigStore(fs, paths).load().timelineTimezone();
    } catch (HudiTableException e) {
      zone = TimelineTimezone.LOCAL;
    }
    return new InstantTimeGenerator(zone);
  }

  /** Deletes the given state files of an instant (used when rolling back a pending instant). */
  public void delete(List<Instant> instants) {
    for (Instant instant : instants) {
      try {
        fs.delete(pathOf(instant), false);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot delete " + pathOf(instant), e);
      }
    }
  }

  private void create(Instant instant, byte[] content) {
    Path target = pathOf(instant);
    if (uploadsVisibleOnlyWhole(fs)) {
      createInOneUpload(instant, target, content);
      return;
    }
    try {
      if (fs.exists(target)) {
        throw new HudiTableException(
            "Instant file " + target + " already exists; an instant state is never overwritten");
      }
      if (content.length == 0) {
        fs.create(target, false).close();
      } else {
        Path temp =
            new Path(
                target.getParent(), "." + instant.fileName() + "." + UUID.randomUUID() + ".tmp");
        try (FSDataOutputStream out = fs.create(temp, false)) {
          out.write(content);
        }
        if (!fs.rename(temp, target)) {
          fs.delete(temp, false);
          throw new HudiTableException("Cannot rename " + temp + " to " + target);
        }
      }
      LOG.info("Table {}: instant {} is now {}", paths, instant.time(), instant.fileName());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create instant file " + target, e);
    }
  }

  /**
   * Whether a file {@code fs} writes becomes visible only whole, when its stream closes: S3A's
   * uploads (a PUT, or a multipart upload completed at close) are, so a reader never sees part of
   * an instant file there, and the temporary file and rename that keep one from being seen half
   * written elsewhere would cost a copy, a delete and their probes (S3A renames by copying).
   */
  static boolean uploadsVisibleOnlyWhole(FileSystem fs) {
    return "s3a".equals(fs.getUri().getScheme());
  }

  /**
   * Writes an instant file in one upload: {@code create(path, false)} probes for the file first
   * (S3A: a HEAD and a LIST), so an existing instant file is refused as on other file systems, in
   * one probe instead of the {@code exists} and the rename's.
   */
  private void createInOneUpload(Instant instant, Path target, byte[] content) {
    try (FSDataOutputStream out = fs.create(target, false)) {
      out.write(content);
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      throw new HudiTableException(
          "Instant file " + target + " already exists; an instant state is never overwritten", e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create instant file " + target, e);
    }
    LOG.info("Table {}: instant {} is now {}", paths, instant.time(), instant.fileName());
  }

  /** Reads an instant file's content. */
  public byte[] read(Instant instant) {
    Path path = pathOf(instant);
    try (var in = fs.open(path)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read instant file " + path, e);
    }
  }

  private static void checkState(Instant instant, State expected) {
    if (instant.state() != expected) {
      throw new HudiTableException(
          "Instant " + instant + " must be " + expected + " for this transition");
    }
  }
}
