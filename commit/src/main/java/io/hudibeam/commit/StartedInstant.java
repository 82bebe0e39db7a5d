package io.hudibeam.commit;

import io.hudibeam.table.TableConfig;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A write instant that is requested on the timeline, with:
 *
 * <ul>
 *   <li>the table config it was started on;
 *   <li>the write schema decided when it was started ({@code io.hudibeam.schema.SchemaEvolution});
 *   <li>the extra metadata its requested, inflight and completed files carry (empty for a batch
 *       write; a streaming sink's lineage, see {@link SinkLineage});
 *   <li>the completed write instants (commit, deltacommit, replacecommit) the start saw: the
 *       commit's conflict check takes every write instant completed since then as a candidate
 *       ({@link WriteConflicts}).
 * </ul>
 */
public final class StartedInstant implements Serializable {
  private static final long serialVersionUID = 3L;

  private final InstantTime instantTime;
  private final Action action;
  private final TableConfig tableConfig;
  private final TreeMap<String, String> extraMetadata;
  /** Null when not decided at the start. */
  private final String writeSchema;
  /** Null when unknown (an instant built from its time alone). */
  private final TreeSet<InstantTime> completedWritesAtStart;

  /**
   * An instant whose start snapshot is unknown: its commit checks conflicts only against completed
   * write instants newer than it. A starter adds the snapshot with {@link
   * #withCompletedWritesAtStart}.
   */
  public StartedInstant(InstantTime instantTime, Action action, TableConfig tableConfig) {
    this(instantTime, action, tableConfig, Map.of());
  }

  public StartedInstant(
      InstantTime instantTime, Action action, TableConfig tableConfig, Map<String, String> extraMetadata) {
    this(instantTime, action, tableConfig, extraMetadata, null, null);
  }

  private StartedInstant(
      InstantTime instantTime,
      Action action,
      TableConfig tableConfig,
      Map<String, String> extraMetadata,
      String writeSchema,
      Set<InstantTime> completedWritesAtStart) {
    this.instantTime = Objects.requireNonNull(instantTime);
    this.action = Objects.requireNonNull(action);
    this.tableConfig = Objects.requireNonNull(tableConfig);
    this.extraMetadata = new TreeMap<>(extraMetadata);
    this.writeSchema = writeSchema;
    this.completedWritesAtStart =
        completedWritesAtStart == null ? null : new TreeSet<>(completedWritesAtStart);
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
        Objects.requireNonNull(writeSchemaJson, "writeSchemaJson"),
        completedWritesAtStart);
  }

  /** This instant with the completed write instants its start saw. */
  public StartedInstant withCompletedWritesAtStart(Set<InstantTime> completedWrites) {
    return new StartedInstant(
        instantTime,
        action,
        tableConfig,
        extraMetadata,
        writeSchema,
        Objects.requireNonNull(completedWrites, "completedWrites"));
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
        && extraMetadata.equals(other.extraMetadata)
        && Objects.equals(writeSchema, other.writeSchema)
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
