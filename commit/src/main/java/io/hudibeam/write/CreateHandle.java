package io.hudibeam.write;

import io.hudibeam.basefile.BaseFileResult;
import io.hudibeam.basefile.BaseFileWriter;
import io.hudibeam.commit.IOType;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TablePaths;
import org.apache.hadoop.fs.Path;

/**
 * Writes the first base file of a new file group (Hudi's create handle): every upsert routed to
 * it; deletes of keys the table does not have are ignored. Marker first, then the file.
 */
public final class CreateHandle {
  private final WriteContext context;

  public CreateHandle(WriteContext context) {
    this.context = context;
  }

  public WriteStat write(FileGroupId fileGroup, Iterable<TableRecord> records) {
    BaseFileName name = BaseFileName.of(fileGroup.fileId(), context.writeToken(), context.instant());
    Path path = context.prepareBaseFile(fileGroup, name, IOType.CREATE);
    BaseFileWriter writer =
        BaseFileWriter.create(
            context.conf(), path, context.schema(), context.taskPartitionId(), context.parquet());
    long inserts = 0;
    long startNanos = System.nanoTime();
    try {
      for (TableRecord record : records) {
        if (record.isDelete()) {
          continue;
        }
        writer.write(
            context.instant().value(),
            record.recordKey(),
            record.partitionPath(),
            record.data().orElseThrow());
        inserts++;
      }
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    BaseFileResult result = writer.close();
    return WriteStat.builder()
        .fileId(fileGroup.fileId().value())
        .path(TablePaths.relativePath(fileGroup.partitionPath(), name.value()))
        .prevCommit(WriteStat.NULL_COMMIT)
        .numWrites(inserts)
        .numInserts(inserts)
        .totalWriteBytes(result.fileSizeBytes())
        .fileSizeInBytes(result.fileSizeBytes())
        .partitionPath(fileGroup.partitionPath())
        .runtimeStats(new WriteStat.RuntimeStats(0, 0, (System.nanoTime() - startNanos) / 1_000_000))
        .build();
  }
}
