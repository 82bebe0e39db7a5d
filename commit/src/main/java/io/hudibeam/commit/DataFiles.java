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
package io.hudibeam.commit;

import io.hudibeam.table.TablePaths;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Deleting data files for rollback and clean, where a failure is recorded rather than thrown. */
public final class DataFiles {
  private static final Logger LOG = LoggerFactory.getLogger(DataFiles.class);

  private DataFiles() {}

  /** Deletes a data file; true when it is gone afterwards (also when it was already gone). */
  public static boolean delete(FileSystem fs, TablePaths paths, Path file, String during) {
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
