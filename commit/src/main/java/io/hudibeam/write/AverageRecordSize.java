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
package io.hudibeam.write;

import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;

/**
 * Estimates the bytes per record of the table as Hudi's AverageRecordSizeUtils does: the newest
 * completed commit that wrote more than the small-file limit gives {@code totalWriteBytes /
 * numWrites}; without one, {@code hoodie.copyonwrite.record.size.estimate} (1 KiB).
 */
public final class AverageRecordSize {
  private AverageRecordSize() {}

  public static long estimate(
      FileSystem fs, TablePaths paths, Timeline timeline, FileSizing sizing) {
    List<Instant> completed = timeline.completedWriteTimeline().instants();
    TimelineWriter reader = new TimelineWriter(fs, paths);
    for (int i = completed.size() - 1; i >= 0; i--) {
      Instant instant = completed.get(i);
      CommitMetadata metadata =
          CommitMetadataFormat.decode(reader.read(instant), instant.fileName());
      long bytes = 0;
      long records = 0;
      for (WriteStat stat : metadata.writeStats()) {
        bytes += stat.totalWriteBytes();
        records += stat.numWrites();
      }
      if (bytes > sizing.smallFileLimit() && records > 0) {
        return (long) Math.ceil((double) bytes / records);
      }
    }
    return sizing.recordSizeEstimate();
  }
}
