package io.hudibeam.commit;

import io.hudibeam.table.TableConfig;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A write instant that is requested on the timeline, with the table config it was started on, the
 * write schema decided when it was started, and the extra metadata its requested, inflight and
 * completed files carry (empty for a batch write; a streaming sink's lineage, see {@link
 * SinkLineage}).
 */
public final class StartedInstant implements Serializable {
  private static final long serialVersionUID = 1L;

  private final InstantTime instantTime;
  private final Action action;
  private final TableConfig tableConfig;
  private final TreeMap<String, String> extraMetadata;
  private final String writeSchema;

  public StartedInstant(InstantTime instantTime, Action action, TableConfig tableConfig) {
    this(instantTime, action, tableConfig, Map.of());
  }

  public StartedInstant(
      InstantTime instantTime, Action action, TableConfig tableConfig, Map<String, String> extraMetadata) {
    this(instantTime, action, tableConfig, extraMetadata, null);
  }

  private StartedInstant(
      InstantTime instantTime,
      Action action,
      TableConfig tableConfig,
      Map<String, String> extraMetadata,
      String writeSchema) {
    this.instantTime = Objects.requireNonNull(instantTime);
    this.action = Objects.requireNonNull(action);
    this.tableConfig = Objects.requireNonNull(tableConfig);
    this.extraMetadata = new TreeMap<>(extraMetadata);
    this.writeSchema = writeSchema;
  }

  /**
   * This instant with the schema its files are written with and its commit records (Avro JSON,
   * without meta fields), decided when it was started ({@code io.hudibeam.schema.SchemaEvolution}).
   */
  public StartedInstant withWriteSchema(String writeSchemaJson) {
    return new StartedInstant(
        instantTime,
        action,
        tableConfig,
        extraMetadata,
        Objects.requireNonNull(writeSchemaJson, "writeSchemaJson"));
  }

  /** Extra metadata of this instant's commit, e.g. a streaming sink's lineage; empty for batch. */
  public SortedMap<String, String> extraMetadata() {
    return Collections.unmodifiableSortedMap(extraMetadata);
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
        && extraMetadata.equals(other.extraMetadata)
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
