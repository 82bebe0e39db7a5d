package io.hudibeam.commit;

import io.hudibeam.table.TableConfig;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;

/** A write instant that is requested on the timeline, with the table config it was started on. */
public final class StartedInstant implements Serializable {
  private static final long serialVersionUID = 1L;

  private final InstantTime instantTime;
  private final Action action;
  private final TableConfig tableConfig;
  private final String writeSchema;

  public StartedInstant(InstantTime instantTime, Action action, TableConfig tableConfig) {
    this(instantTime, action, tableConfig, null);
  }

  private StartedInstant(
      InstantTime instantTime, Action action, TableConfig tableConfig, String writeSchema) {
    this.instantTime = Objects.requireNonNull(instantTime);
    this.action = Objects.requireNonNull(action);
    this.tableConfig = Objects.requireNonNull(tableConfig);
    this.writeSchema = writeSchema;
  }

  /**
   * This instant with the schema its files are written with and its commit records (Avro JSON,
   * without meta fields), decided when it was started ({@code io.hudibeam.schema.SchemaEvolution}).
   */
  public StartedInstant withWriteSchema(String writeSchemaJson) {
    return new StartedInstant(
        instantTime, action, tableConfig, Objects.requireNonNull(writeSchemaJson, "writeSchemaJson"));
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

  /** The write schema decided at the start, if one was set with {@link #withWriteSchema}. */
  public Optional<String> writeSchema() {
    return Optional.ofNullable(writeSchema);
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
        && Objects.equals(writeSchema, other.writeSchema);
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
