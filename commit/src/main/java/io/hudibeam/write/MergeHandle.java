package io.hudibeam.write;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.basefile.BaseFileResult;
import io.hudibeam.basefile.BaseFileWriter;
import io.hudibeam.basefile.MetaFields;
import io.hudibeam.commit.IOType;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.schema.RecordRewriter;
import io.hudibeam.table.HudiTableException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;

/**
 * Writes a new version of an existing file group (Hudi's merge handle for copy-on-write): every
 * record of the current base file is carried over unchanged (keeping its {@code
 * _hoodie_commit_time} and {@code _hoodie_commit_seqno}) unless an incoming record replaces it or
 * deletes it; an incoming upsert whose ordering value is smaller than the stored one loses; upserts
 * of keys not in the file are inserted (inserts routed to a small file). A key stored more than
 * once (left by inserts, which allow duplicates) has the incoming record applied to every copy, as
 * in Hudi's {@code HoodieMergeHandle}. Marker first, then the file.
 */
public final class MergeHandle {
  private final WriteContext context;

  public MergeHandle(WriteContext context) {
    this.context = context;
  }

  public WriteStat write(BaseFile current, Iterable<TableRecord> records) {
    FileGroupId fileGroup = current.fileGroupId();
    Map<String, TableRecord> incoming = new HashMap<>();
    for (TableRecord record : records) {
      TableRecord previous = incoming.put(record.recordKey(), record);
      if (previous != null) {
        throw new HudiTableException(
            "Record key '" + record.recordKey() + "' reached file group " + fileGroup
                + " twice in instant " + context.instant() + "; records must be de-duplicated first");
      }
    }
    BaseFileWriter writer = context.openBaseFile(fileGroup, IOType.MERGE);
    Counts counts = new Counts();
    Set<String> matched = new HashSet<>();
    long startNanos = System.nanoTime();
    try {
      Path currentPath = new Path(context.paths().partitionFolder(fileGroup.partitionPath()), current.name().value());
      RecordRewriter rewriter = new RecordRewriter(writer.schema());
      BaseFileReader.of(context.conf(), currentPath)
          .forEachRecord(
              stored -> {
                String key = String.valueOf(stored.get(MetaFields.RECORD_KEY.position()));
                TableRecord update = incoming.get(key);
                if (update != null) {
                  matched.add(key);
                }
                GenericRecord storedRecord = rewriter.rewrite(stored);
                if (update == null) {
                  writer.write(storedRecord);
                } else if (update.isDelete()) {
                  counts.deletes++;
                } else {
                  GenericRecord updateRecord = context.toWriteSchema(update.data().get());
                  if (context.orderingField().compare(Optional.of(updateRecord), Optional.of(storedRecord)) < 0) {
                    writer.write(storedRecord);
                  } else {
                    writer.write(context.instant().value(), key, fileGroup.partitionPath(), updateRecord);
                    counts.updates++;
                  }
                }
              });
      for (TableRecord insert : incoming.values()) {
        if (!insert.isDelete() && !matched.contains(insert.recordKey())) {
          writer.write(
              context.instant().value(),
              insert.recordKey(),
              fileGroup.partitionPath(),
              context.toWriteSchema(insert.data().get()));
          counts.inserts++;
        }
      }
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    BaseFileResult result = writer.close();
    return WriteContext.statOf(fileGroup, result, current.name().instantTime().value())
        .numDeletes(counts.deletes)
        .numUpdateWrites(counts.updates)
        .numInserts(counts.inserts)
        .runtimeStats(new WriteStat.RuntimeStats(0, (System.nanoTime() - startNanos) / 1_000_000, 0))
        .build();
  }

  private static final class Counts {
    long updates;
    long deletes;
    long inserts;
  }
}
