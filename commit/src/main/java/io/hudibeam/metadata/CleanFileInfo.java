package io.hudibeam.metadata;

import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * A file a cleaner plan deletes (Avro {@code HoodieCleanFileInfo}).
 *
 * @param filePath absolute path of the file
 * @param isBootstrapBaseFile whether it is a bootstrap source file (false for tables we write)
 */
public record CleanFileInfo(String filePath, boolean isBootstrapBaseFile) {
  public CleanFileInfo {
    Objects.requireNonNull(filePath, "filePath");
  }

  GenericRecord toRecord(Schema schema) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("filePath", filePath);
    r.put("isBootstrapBaseFile", isBootstrapBaseFile);
    return r;
  }

  static CleanFileInfo fromRecord(Object value) {
    GenericRecord r = (GenericRecord) value;
    return new CleanFileInfo(
        AvroInstantFile.string(r.get("filePath")), Boolean.TRUE.equals(r.get("isBootstrapBaseFile")));
  }
}
