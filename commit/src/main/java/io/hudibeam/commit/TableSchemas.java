package io.hudibeam.commit;

import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;

/**
 * The table's current schema as Hudi's readers resolve it (Hudi's {@code
 * TableSchemaResolver.getTableAvroSchemaInternal}): the {@code
 * schema} of the newest completed commit whose operation can change the schema, else {@code
 * hoodie.table.create.schema}.
 */
public final class TableSchemas {
  private TableSchemas() {}

  public static Optional<String> latest(FileSystem fs, TablePaths paths) {
    Timeline timeline = Timeline.load(fs, paths);
    List<Instant> completed = timeline.completedWriteTimeline().instants();
    TimelineWriter reader = new TimelineWriter(fs, paths);
    for (int i = completed.size() - 1; i >= 0; i--) {
      Instant instant = completed.get(i);
      CommitMetadata metadata = CommitMetadataJson.fromJson(reader.read(instant), instant.fileName());
      if (metadata.operationType().canUpdateSchema() && metadata.schema().filter(s -> !s.isEmpty()).isPresent()) {
        return metadata.schema();
      }
    }
    return new TableConfigStore(fs, paths).load().createSchema();
  }
}
