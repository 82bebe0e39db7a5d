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

import io.hudibeam.table.TablePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * An immutable snapshot of the active timeline: every instant in the timeline folder ({@code
 * .hoodie/}, or {@code .hoodie/timeline/} for table version 8), each in its highest state
 * (completed over inflight over requested, as both timeline layouts keep all state files), in time
 * order.
 */
public final class Timeline {
  private static final Set<Action> WRITE_ACTIONS =
      EnumSet.of(
          Action.COMMIT,
          Action.DELTA_COMMIT,
          Action.REPLACE_COMMIT,
          Action.COMPACTION,
          Action.LOG_COMPACTION,
          Action.CLUSTERING);

  private final List<Instant> instants;

  private Timeline(List<Instant> instants) {
    this.instants = Collections.unmodifiableList(instants);
  }

  /**
   * Lists the table's timeline folder (not recursively) and keeps the timeline files; the folder
   * follows the table's timeline layout ({@link TimelineLayout#of(FileSystem, TablePaths)}).
   */
  public static Timeline load(FileSystem fs, TablePaths paths) {
    return load(fs, paths, TimelineLayout.of(fs, paths));
  }

  /** Lists the timeline folder of {@code layout}. */
  public static Timeline load(FileSystem fs, TablePaths paths, TimelineLayout layout) {
    Path folder = layout.timelineFolder(paths);
    FileStatus[] statuses;
    try {
      statuses = fs.listStatus(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the timeline in " + folder, e);
    }
    List<Instant> found = new ArrayList<>();
    for (FileStatus status : statuses) {
      if (status.isFile()) {
        Instant.tryParse(status.getPath().getName()).ifPresent(found::add);
      }
    }
    return of(found);
  }

  /** A timeline of the given instants, keeping the highest state of each. */
  public static Timeline of(List<Instant> instants) {
    Map<String, Instant> highest = new HashMap<>();
    for (Instant instant : instants) {
      String id = instant.time().value() + "." + instant.comparableAction().value();
      Instant current = highest.get(id);
      if (current == null || instant.state().compareTo(current.state()) > 0) {
        highest.put(id, instant);
      }
    }
    List<Instant> sorted = new ArrayList<>(highest.values());
    Collections.sort(sorted);
    return new Timeline(sorted);
  }

  public List<Instant> instants() {
    return instants;
  }

  public Timeline filter(Predicate<Instant> predicate) {
    return new Timeline(instants.stream().filter(predicate).collect(Collectors.toList()));
  }

  public Timeline completed() {
    return filter(Instant::isCompleted);
  }

  public Timeline pending() {
    return filter(i -> !i.isCompleted());
  }

  /**
   * Instants of actions that write data files: commit, deltacommit, replacecommit, compaction, log
   * compaction and (layout 2) clustering.
   */
  public Timeline writeTimeline() {
    return filter(i -> WRITE_ACTIONS.contains(i.action()));
  }

  /** Completed commits, deltacommits and replacecommits: what decides file visibility. */
  public Timeline completedWriteTimeline() {
    return writeTimeline().completed();
  }

  public Timeline ofAction(Action action) {
    return filter(i -> i.action() == action);
  }

  public boolean isEmpty() {
    return instants.isEmpty();
  }

  public int size() {
    return instants.size();
  }

  public Optional<Instant> first() {
    return instants.isEmpty() ? Optional.empty() : Optional.of(instants.get(0));
  }

  public Optional<Instant> last() {
    return instants.isEmpty() ? Optional.empty() : Optional.of(instants.get(instants.size() - 1));
  }

  /**
   * The greatest instant time or completion time of any action and state: new instants (and, in
   * timeline layout 2, new completion times) must be after it.
   */
  public Optional<InstantTime> latestInstantTime() {
    Optional<InstantTime> latest = last().map(Instant::time);
    for (Instant instant : instants) {
      if (instant.completionTime().isPresent()
          && (latest.isEmpty() || instant.completionTime().get().isAfter(latest.get()))) {
        latest = instant.completionTime();
      }
    }
    return latest;
  }

  public Optional<Instant> find(InstantTime time, Action action) {
    Action comparable = action.completedAction();
    return instants.stream()
        .filter(i -> i.time().equals(time) && i.comparableAction() == comparable)
        .findFirst();
  }

  public boolean containsCompleted(InstantTime time) {
    return instants.stream().anyMatch(i -> i.isCompleted() && i.time().equals(time));
  }

  /**
   * Hudi's file visibility rule ({@code HoodieDefaultTimeline.containsOrBeforeTimelineStarts}) on a
   * completed write timeline: an instant is committed when it is on this timeline or older than its
   * first instant.
   */
  public boolean containsOrBeforeStart(InstantTime time) {
    if (instants.stream().anyMatch(i -> i.time().equals(time))) {
      return true;
    }
    return first().map(f -> time.isBefore(f.time())).orElse(false);
  }

  @Override
  public String toString() {
    return "Timeline" + instants;
  }
}
