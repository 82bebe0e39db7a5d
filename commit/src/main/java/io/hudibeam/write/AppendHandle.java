package io.hudibeam.write;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.commit.IOType;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.LogFileName;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Writes the updates and deletes of one file group of a merge-on-read table into a NEW log file of
 * its latest file slice (Hudi's {@code HoodieAppendHandle}, except that it never appends to an
 * existing log file: the file is named with the slice's base instant, the next log version and this
 * attempt's write token, so a retried attempt writes its own file and the commit deletes the
 * other). The file holds an Avro data block of the upserted records (with their five meta fields;
 * {@code _hoodie_file_name} is the file id, as Hudi's log records have it) and, when there are
 * deletes, a delete block. APPEND marker first, then the file. The write stat is Hudi's {@code
 * HoodieDeltaWriteStat}: {@code prevCommit} the slice's base instant, {@code logVersion}, {@code
 * logOffset} 0, {@code baseFile} the slice's base file name (or ""), {@code logFiles} the slice's
 * log files plus the new one.
 *
 * <p>Readers merge the log with the base file by the table's payload: {@code
 * OverwriteWithLatestAvroPayload} (what this writer puts in {@code hoodie.properties}) lets a log
 * record replace the stored one whatever their ordering values, and a delete (ordering value 0)
 * always deletes.
 */
public final class AppendHandle {
  private final WriteContext context;

  public AppendHandle(WriteContext context) {
    this.context = context;
  }

  public WriteStat write(FileSlice slice, Iterable<TableRecord> records) {
    FileGroupId fileGroup = slice.fileGroupId();
    long startNanos = System.nanoTime();
    Schema schema = MetaFields.withMetaFields(context.schema());
    String instant = context.instant().value();
    List<GenericRecord> upserts = new ArrayList<>();
    List<LogFiles.DeletedKey> deletes = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (TableRecord record : records) {
      if (!keys.add(record.recordKey())) {
        throw new HudiTableException(
            "Record key '" + record.recordKey() + "' reached file group " + fileGroup
                + " twice in instant " + instant + "; records must be de-duplicated first");
      }
      if (record.isDelete()) {
        deletes.add(new LogFiles.DeletedKey(record.recordKey(), fileGroup.partitionPath()));
      } else {
        upserts.add(
            withMetaFields(
                schema,
                record.data().orElseThrow(),
                instant,
                MetaFields.sequenceId(instant, context.taskPartitionId(), upserts.size()),
                record.recordKey(),
                fileGroup));
      }
    }
    LogFileName name = slice.nextLogFile(context.writeToken());
    long size =
        LogFiles.write(context, fileGroup, name, IOType.APPEND, schema, upserts, deletes);
    List<String> logFiles = new ArrayList<>();
    for (LogFileName existing : slice.logFiles()) {
      logFiles.add(existing.value());
    }
    logFiles.add(name.value());
    return WriteStat.builder()
        .fileId(fileGroup.fileId().value())
        .path(TablePaths.relativePath(fileGroup.partitionPath(), name.value()))
        .prevCommit(slice.baseInstant().value())
        .numWrites(upserts.size())
        .numUpdateWrites(upserts.size())
        .numDeletes(deletes.size())
        .totalWriteBytes(size)
        .fileSizeInBytes(size)
        .partitionPath(fileGroup.partitionPath())
        .runtimeStats(new WriteStat.RuntimeStats(0, (System.nanoTime() - startNanos) / 1_000_000, 0))
        .logAppend(
            new WriteStat.LogAppendStats(
                name.version(),
                0,
                slice.baseFile().map(b -> b.name().value()).orElse(""),
                logFiles))
        .build();
  }

  /** A copy of {@code data} in {@code schema} (meta fields first) with the meta fields set. */
  private static GenericRecord withMetaFields(
      Schema schema,
      GenericRecord data,
      String instant,
      String sequenceId,
      String recordKey,
      FileGroupId fileGroup) {
    GenericData.Record out = new GenericData.Record(schema);
    out.put(MetaFields.COMMIT_TIME.position(), instant);
    out.put(MetaFields.COMMIT_SEQNO.position(), sequenceId);
    out.put(MetaFields.RECORD_KEY.position(), recordKey);
    out.put(MetaFields.PARTITION_PATH.position(), fileGroup.partitionPath());
    out.put(MetaFields.FILE_NAME.position(), fileGroup.fileId().value());
    Schema dataSchema = data.getSchema();
    for (Schema.Field field : schema.getFields()) {
      if (field.pos() < MetaFields.COUNT) {
        continue;
      }
      Schema.Field source = dataSchema.getField(field.name());
      if (source != null) {
        out.put(field.pos(), data.get(source.pos()));
      } else if (field.hasDefaultValue()) {
        out.put(field.pos(), GenericData.get().getDefaultValue(field));
      } else {
        throw new HudiTableException(
            "Field '" + field.name() + "' of the write schema is missing from the record of key '"
                + recordKey + "' and has no default");
      }
    }
    return out;
  }
}
