package io.hudibeam.metadata;

import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** An instant named in rollback metadata (Avro {@code HoodieInstantInfo}): its time and action. */
public record InstantInfo(String commitTime, String action) {
  public InstantInfo {
    Objects.requireNonNull(commitTime, "commitTime");
    Objects.requireNonNull(action, "action");
  }

  GenericRecord toRecord(Schema schema) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("commitTime", commitTime);
    r.put("action", action);
    return r;
  }

  static InstantInfo fromRecord(Object value) {
    GenericRecord r = (GenericRecord) value;
    return new InstantInfo(AvroInstantFile.string(r.get("commitTime")), AvroInstantFile.string(r.get("action")));
  }
}
