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

/**
 * An immutable snapshot of the active timeline: every instant in {@code .hoodie/}, each in its
 * highest state (completed over inflight over requested, as timeline layout 1 keeps all state
 * files), in time order.
 */
public final class Timeline {
  private static final Set<Action> WRITE_ACTIONS =
      EnumSet.of(Action.COMMIT, Action.DELTA_COMMIT, Action.REPLACE_COMMIT, Action.COMPACTION,
          Action.LOG_COMPACTION);

  private final List<Instant> instants;

  private Timeline(List<Instant> instants) {
    this.instants = Collections.unmodifiableList(instants);
  }

  /** Lists {@code .hoodie/} (not recursively) and keeps the timeline files. */
  public static Timeline load(FileSystem fs, TablePaths paths) {
    FileStatus[] statuses;
    try {
      statuses = fs.listStatus(paths.metaFolder());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the timeline in " + paths.metaFolder(), e);
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
   * Instants of actions that write data files: commit, deltacommit, replacecommit, compaction and
   * log compaction.
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

  /** The greatest instant time of any action and state: new instants must be after it. */
  public Optional<InstantTime> latestInstantTime() {
    return last().map(Instant::time);
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
   * Hudi's file visibility rule ({@code HoodieDefaultTimeline.containsOrBeforeTimelineStarts}) on a completed write timeline: an
   * instant is committed when it is on this timeline or older than its first instant.
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
