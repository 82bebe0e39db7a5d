package io.hudibeam.commit;

import io.hudibeam.table.TableConfig;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A write instant that is requested on the timeline, with the table config it was started on and
 * the completed write instants (commit, deltacommit, replacecommit) the start saw: the commit's
 * conflict check takes every write instant completed since then as a candidate ({@link
 * WriteConflicts}).
 */
public final class StartedInstant implements Serializable {
  private static final long serialVersionUID = 2L;

  private final InstantTime instantTime;
  private final Action action;
  private final TableConfig tableConfig;
  /** Null when unknown (an instant built from its time alone). */
  private final TreeSet<InstantTime> completedWritesAtStart;

  /**
   * An instant whose start snapshot is unknown: its commit checks conflicts only against completed
   * write instants newer than it. A starter adds the snapshot with {@link
   * #withCompletedWritesAtStart}.
   */
  public StartedInstant(InstantTime instantTime, Action action, TableConfig tableConfig) {
    this(instantTime, action, tableConfig, null);
  }

  private StartedInstant(
      InstantTime instantTime, Action action, TableConfig tableConfig, Set<InstantTime> completedWritesAtStart) {
    this.instantTime = Objects.requireNonNull(instantTime);
    this.action = Objects.requireNonNull(action);
    this.tableConfig = Objects.requireNonNull(tableConfig);
    this.completedWritesAtStart =
        completedWritesAtStart == null ? null : new TreeSet<>(completedWritesAtStart);
  }

  /** This instant with the completed write instants its start saw. */
  public StartedInstant withCompletedWritesAtStart(Set<InstantTime> completedWrites) {
    return new StartedInstant(
        instantTime, action, tableConfig, Objects.requireNonNull(completedWrites, "completedWrites"));
  }

  public InstantTime instantTime() {
    return instantTime;
  }

  public Action action() {
    return action;
  }

  public TableConfig tableConfig() {
    return tableConfig;
  }

  /** The completed write instants the start saw; empty when unknown. */
  public Optional<Set<InstantTime>> completedWritesAtStart() {
    return completedWritesAtStart == null
        ? Optional.empty()
        : Optional.of(Collections.unmodifiableSortedSet((SortedSet<InstantTime>) completedWritesAtStart));
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof StartedInstant)) {
      return false;
    }
    StartedInstant other = (StartedInstant) o;
    return instantTime.equals(other.instantTime)
        && action == other.action
        && tableConfig.equals(other.tableConfig)
        && Objects.equals(completedWritesAtStart, other.completedWritesAtStart);
  }

  @Override
  public int hashCode() {
    return Objects.hash(instantTime, action);
  }

  @Override
  public String toString() {
    return "StartedInstant{" + instantTime + " " + action.value() + "}";
  }
}
