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

import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;

/**
 * The table's current schema as Hudi's readers resolve it (Hudi's {@code
 * TableSchemaResolver.getTableAvroSchemaInternal}): the {@code schema} of the newest completed
 * commit whose operation can change the schema, else {@code hoodie.table.create.schema}.
 */
public final class TableSchemas {
  private TableSchemas() {}

  /** {@link #latest}, or empty when there is no table at {@code paths} yet. */
  public static Optional<String> latestIfTableExists(FileSystem fs, TablePaths paths) {
    try {
      if (!fs.exists(paths.propertiesFile()) && !fs.exists(paths.propertiesBackupFile())) {
        return Optional.empty();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + paths.propertiesFile(), e);
    }
    return latest(fs, paths).filter(s -> !s.isEmpty());
  }

  public static Optional<String> latest(FileSystem fs, TablePaths paths) {
    Timeline timeline = Timeline.load(fs, paths);
    List<Instant> completed = timeline.completedWriteTimeline().instants();
    TimelineWriter reader = new TimelineWriter(fs, paths);
    for (int i = completed.size() - 1; i >= 0; i--) {
      Instant instant = completed.get(i);
      CommitMetadata metadata =
          CommitMetadataFormat.decode(reader.read(instant), instant.fileName());
      if (metadata.operationType().canUpdateSchema()
          && metadata.schema().filter(s -> !s.isEmpty()).isPresent()) {
        return metadata.schema();
      }
    }
    return new TableConfigStore(fs, paths).load().createSchema();
  }
}
