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
