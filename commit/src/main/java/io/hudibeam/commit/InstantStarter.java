package io.hudibeam.commit;

import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableProperty;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.metadata.OperationType;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a write instant (hudi-format.md section 15, steps 1 and 2): refuses a table whose
 * metadata is corrupt ({@link TableIntegrity}), creates the table or opens it and refuses a request that contradicts it, stops maintaining a metadata table exactly as Hudi's
 * own writer does when its metadata setting is off (section 13), rolls back failed pending write
 * instants, mints an instant time after everything on the timeline and writes the requested
 * instant.
 */
public final class InstantStarter {
  private static final Logger LOG = LoggerFactory.getLogger(InstantStarter.class);

  private final FileSystem fs;
  private final TablePaths paths;
  private final Clock clock;

  public InstantStarter(FileSystem fs, TablePaths paths, Clock clock) {
    this.fs = fs;
    this.paths = paths;
    this.clock = clock;
  }

  public StartedInstant start(TableConfig requested, Action action) {
    new TableIntegrity(fs, paths, clock).check();
    TableConfigStore store = new TableConfigStore(fs, paths);
    TableConfig table = openOrCreate(store, requested);
    table = dropMetadataTable(store, table);
    InstantTimeGenerator generator = new InstantTimeGenerator(clock, table.timelineTimezone());
    new Rollback(fs, paths).rollbackAllPending(generator);
    InstantTime instantTime = generator.next(Timeline.load(fs, paths));
    new TimelineWriter(fs, paths).createRequested(instantTime, action, new byte[0]);
    return new StartedInstant(instantTime, action, table);
  }

  /**
   * Starts an instant of a streaming sink: as {@link #start}, but rolls back only the given pending
   * instants (the sink's own abandoned ones, newest first; other writers' instants are never
   * touched), and writes {@code lineage} (see {@link SinkLineage}) with the operation type into the
   * requested file, so a later run recognises the instant as the sink's.
   */
  public StartedInstant startForSink(
      TableConfig requested, Action action, OperationType operation, Map<String, String> lineage,
      List<InstantTime> abandoned) {
    TableConfigStore store = new TableConfigStore(fs, paths);
    TableConfig table = openOrCreate(store, requested);
    table = dropMetadataTable(store, table);
    InstantTimeGenerator generator = new InstantTimeGenerator(clock, table.timelineTimezone());
    Rollback rollback = new Rollback(fs, paths);
    rollback.resumePending();
    List<InstantTime> newestFirst = new ArrayList<>(abandoned);
    newestFirst.sort(Comparator.reverseOrder());
    for (InstantTime pending : newestFirst) {
      LOG.info("Table {}: rolling back {}, left pending by an earlier run of sink {}", paths, pending,
          lineage.get(SinkLineage.SINK_ID));
      rollback.rollback(pending, generator.next(Timeline.load(fs, paths)));
    }
    InstantTime instantTime = generator.next(Timeline.load(fs, paths));
    CommitMetadata.Builder content = CommitMetadata.builder().operationType(operation);
    lineage.forEach(content::putExtraMetadata);
    new TimelineWriter(fs, paths).createRequested(instantTime, action, CommitMetadataJson.toJson(content.build()));
    return new StartedInstant(instantTime, action, table, lineage);
  }

  /** Whether the table exists (has its properties file). */
  public boolean tableExists() {
    try {
      return fs.exists(paths.propertiesFile()) || fs.exists(paths.propertiesBackupFile());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + paths.propertiesFile(), e);
    }
  }

  private TableConfig openOrCreate(TableConfigStore store, TableConfig requested) {
    boolean hasProperties;
    try {
      hasProperties = fs.exists(paths.propertiesFile()) || fs.exists(paths.propertiesBackupFile());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + paths.propertiesFile(), e);
    }
    if (!hasProperties) {
      return store.create(requested);
    }
    TableConfig table = store.load();
    table.checkRequestMatches(requested, paths.toString());
    return table;
  }

  private TableConfig dropMetadataTable(TableConfigStore store, TableConfig table) {
    boolean folderExists;
    try {
      folderExists = fs.exists(paths.metadataTableFolder());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + paths.metadataTableFolder(), e);
    }
    if (table.metadataPartitions().isEmpty()
        && table.inflightMetadataPartitions().isEmpty()
        && !folderExists) {
      return table;
    }
    LOG.warn(
        "Table {} has a metadata table ({}={}); this writer does not maintain it, so it is deleted"
            + " as Hudi's writer does with hoodie.metadata.enable=false. Readers fall back to"
            + " listing; Hudi's writers rebuild it when they next write.",
        paths,
        TableProperty.METADATA_PARTITIONS.key(),
        table.metadataPartitions());
    TableConfig updated =
        store.update(
            c ->
                c.with(TableProperty.METADATA_PARTITIONS.key(), null)
                    .with(TableProperty.METADATA_PARTITIONS_INFLIGHT.key(), null));
    try {
      fs.delete(paths.metadataTableFolder(), true);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + paths.metadataTableFolder(), e);
    }
    return updated;
  }
}
