package io.hudibeam.commit;

import io.hudibeam.table.TableConfig;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.Objects;

/** A write instant that is requested on the timeline, with the table config it was started on. */
public final class StartedInstant implements Serializable {
  private static final long serialVersionUID = 1L;

  private final InstantTime instantTime;
  private final Action action;
  private final TableConfig tableConfig;

  public StartedInstant(InstantTime instantTime, Action action, TableConfig tableConfig) {
    this.instantTime = Objects.requireNonNull(instantTime);
    this.action = Objects.requireNonNull(action);
    this.tableConfig = Objects.requireNonNull(tableConfig);
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

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof StartedInstant)) {
      return false;
    }
    StartedInstant other = (StartedInstant) o;
    return instantTime.equals(other.instantTime)
        && action == other.action
        && tableConfig.equals(other.tableConfig);
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
