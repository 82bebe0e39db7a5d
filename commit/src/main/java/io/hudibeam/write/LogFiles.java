package io.hudibeam.write;

import io.hudibeam.commit.IOType;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.LogFileName;
import java.util.List;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;

/** Writes one new log file of a file group: marker first, then the blocks. */
final class LogFiles {
  private LogFiles() {}

  /** A deleted record key, as a delete block holds it. */
  record DeletedKey(String recordKey, String partitionPath) {
    DeletedKey {
      Objects.requireNonNull(recordKey, "recordKey");
      Objects.requireNonNull(partitionPath, "partitionPath");
    }
  }

  /**
   * Writes a new log file: an Avro data block of {@code records} (when there are any) and a delete
   * block of {@code deletes} (when there are any), both with the instant as {@code INSTANT_TIME}.
   * Returns the file's size in bytes.
   */
  static long write(
      WriteContext context,
      FileGroupId fileGroup,
      LogFileName name,
      IOType ioType,
      Schema schema,
      List<GenericRecord> records,
      List<DeletedKey> deletes) {
    Path path = context.prepareLogFile(fileGroup, name);
    throw new UnsupportedOperationException("log writer not merged yet: " + path);
  }
}
