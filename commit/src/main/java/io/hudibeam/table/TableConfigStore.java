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
package io.hudibeam.table;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates, loads and updates {@code hoodie.properties} on a Hadoop file system, with Hudi's
 * fail-safe backup protocol for updates ({@code HoodieTableConfig.modify}, {@code
 * recoverIfNeeded}).
 */
public final class TableConfigStore {
  private static final Logger LOG = LoggerFactory.getLogger(TableConfigStore.class);

  private final FileSystem fs;
  private final TablePaths paths;

  public TableConfigStore(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
  }

  /** Whether the base path holds a table (a {@code .hoodie} folder). */
  public boolean tableExists() {
    try {
      return fs.isDirectory(paths.metaFolder());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + paths.metaFolder(), e);
    }
  }

  /**
   * Creates the folder layout Hudi creates for a new table and writes {@code hoodie.properties}.
   * Refuses when the table already has a properties file.
   */
  public TableConfig create(TableConfig config) {
    try {
      if (fs.exists(paths.propertiesFile()) || fs.exists(paths.propertiesBackupFile())) {
        throw new InvalidTableConfigException(
            "Cannot create a table at "
                + paths
                + ": "
                + paths.propertiesFile()
                + " already exists");
      }
      // Table version 8 keeps its timeline in .hoodie/timeline and its history in
      // .hoodie/timeline/history (Hudi 1.0's HoodieTableMetaClient.createTableLayoutOnStorage).
      Path timelineOrArchive =
          config.version() == TableVersion.EIGHT
              ? new Path(paths.metaFolder(), "timeline/history")
              : paths.archivedFolder();
      for (Path folder :
          new Path[] {
            paths.metaFolder(),
            paths.schemaFolder(),
            timelineOrArchive,
            paths.tempFolder(),
            paths.auxiliaryFolder(),
            new Path(paths.auxiliaryFolder(), ".bootstrap/.partitions"),
            new Path(paths.auxiliaryFolder(), ".bootstrap/.fileids")
          }) {
        fs.mkdirs(folder);
      }
      write(paths.propertiesFile(), config);
      LOG.info("Created table {} at {}", config.name(), paths);
      return config;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create table at " + paths + ": " + e, e);
    }
  }

  /**
   * Loads and validates {@code hoodie.properties}, falling back to the backup file while an update
   * is under way, as Hudi's readers do.
   */
  public TableConfig load() {
    // The properties are read first and the folder checked only when they are missing: on an
    // object store the folder check is a HEAD and a LIST (docs/object-stores.md).
    Optional<TableConfig> main;
    try {
      main = tryRead(paths.propertiesFile());
    } catch (UnsupportedTableVersionException unsupported) {
      throw unsupported;
    } catch (InvalidTableConfigException invalidMain) {
      Optional<TableConfig> backup;
      try {
        backup = tryRead(paths.propertiesBackupFile());
      } catch (InvalidTableConfigException invalidBackup) {
        throw new InvalidTableConfigException(
            invalidMain.getMessage()
                + ", and its backup is unreadable too: "
                + invalidBackup.getMessage()
                + ". Restore hoodie.properties from a copy",
            invalidMain);
      }
      if (backup.isPresent()) {
        LOG.warn(
            "Using {} as Hudi's readers do (an update of the table config was interrupted): {}",
            paths.propertiesBackupFile(),
            invalidMain.getMessage());
        return backup.get();
      }
      throw new InvalidTableConfigException(
          invalidMain.getMessage()
              + ", and there is no backup "
              + paths.propertiesBackupFile()
              + ". Restore hoodie.properties from a copy",
          invalidMain);
    }
    if (main.isPresent()) {
      return main.get();
    }
    Optional<TableConfig> backup = tryRead(paths.propertiesBackupFile());
    if (backup.isPresent()) {
      return backup.get();
    }
    if (!tableExists()) {
      throw new TableNotFoundException(
          "No Hudi table at " + paths + ": " + paths.metaFolder() + " is not a folder");
    }
    throw new TableNotFoundException(
        "No Hudi table at "
            + paths
            + ": neither "
            + paths.propertiesFile()
            + " nor its backup exists");
  }

  /**
   * The table config when {@code hoodie.properties} exists, as {@code exists(hoodie.properties) ?
   * Optional.of(load()) : Optional.empty()} gives it, without the existence check: the file is read
   * at once, its absence is the empty answer (on an object store the check is a HEAD before the
   * HEAD and GET of the read; docs/object-stores.md). A file that exists but is unreadable is
   * loaded as {@link #load} does (its backup, or the error).
   */
  public Optional<TableConfig> loadIfPresent() {
    try {
      return tryRead(paths.propertiesFile());
    } catch (UnsupportedTableVersionException unsupported) {
      throw unsupported;
    } catch (InvalidTableConfigException invalid) {
      return Optional.of(load());
    }
  }

  /**
   * Rewrites {@code hoodie.properties} with Hudi's protocol: recover a missing file from the
   * backup, write the backup, delete the file, write the new file, check it, delete the backup.
   */
  public TableConfig update(UnaryOperator<TableConfig> change) {
    try {
      if (!fs.exists(paths.propertiesFile()) && fs.exists(paths.propertiesBackupFile())) {
        fs.rename(paths.propertiesBackupFile(), paths.propertiesFile());
      }
      TableConfig current = load();
      TableConfig updated = change.apply(current);
      fs.delete(paths.propertiesBackupFile(), false);
      write(paths.propertiesBackupFile(), current);
      fs.delete(paths.propertiesFile(), false);
      write(paths.propertiesFile(), updated);
      TableConfig reread =
          tryRead(paths.propertiesFile())
              .orElseThrow(
                  () ->
                      new InvalidTableConfigException(
                          "Rewritten " + paths.propertiesFile() + " could not be read back"));
      if (!reread.equals(updated)) {
        throw new InvalidTableConfigException(
            "Rewritten " + paths.propertiesFile() + " differs from what was written");
      }
      fs.delete(paths.propertiesBackupFile(), false);
      return updated;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot update " + paths.propertiesFile(), e);
    }
  }

  private Optional<TableConfig> tryRead(Path file) {
    Properties properties = new Properties();
    try (InputStream in = fs.open(file)) {
      properties.load(in);
    } catch (FileNotFoundException e) {
      return Optional.empty();
    } catch (ChecksumException e) {
      throw new InvalidTableConfigException(
          String.format(
              "%s fails its checksum (%s): %s",
              file, new Path(file.getParent(), "." + file.getName() + ".crc"), e.getMessage()),
          e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file, e);
    } catch (IllegalArgumentException e) {
      throw new InvalidTableConfigException(
          file + " is not a properties file (" + e.getMessage() + ")", e);
    }
    if (properties.isEmpty()) {
      throw new InvalidTableConfigException(file + " is empty: it holds no table properties");
    }
    Map<String, String> map = new TreeMap<>();
    for (String key : properties.stringPropertyNames()) {
      map.put(key, properties.getProperty(key));
    }
    return Optional.of(TableConfig.fromProperties(map, file.toString()));
  }

  private void write(Path file, TableConfig config) throws IOException {
    Properties properties = new Properties();
    properties.putAll(config.asMap());
    try (FSDataOutputStream out = fs.create(file, false)) {
      store(properties, out);
    }
  }

  private static void store(Properties properties, OutputStream out) throws IOException {
    properties.store(out, "Updated at " + java.time.Instant.now());
  }
}
