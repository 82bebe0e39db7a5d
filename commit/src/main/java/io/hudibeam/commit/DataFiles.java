package io.hudibeam.commit;

import io.hudibeam.table.TablePaths;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Deleting data files for rollback and clean, where a failure is recorded rather than thrown. */
final class DataFiles {
  private static final Logger LOG = LoggerFactory.getLogger(DataFiles.class);

  private DataFiles() {}

  /** Deletes a data file; true when it is gone afterwards (also when it was already gone). */
  static boolean delete(FileSystem fs, TablePaths paths, Path file, String during) {
    try {
      if (!fs.exists(file) || fs.delete(file, false)) {
        return true;
      }
      return !fs.exists(file);
    } catch (IOException e) {
      LOG.warn("Table {}: cannot delete {} during {}", paths, file, during, e);
      return false;
    }
  }
}
