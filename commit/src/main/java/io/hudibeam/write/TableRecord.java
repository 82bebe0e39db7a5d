package io.hudibeam.write;

import java.util.Objects;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;

/**
 * A record on its way into the table: its record key and partition path, what it asks (upsert or
 * delete) and its data in the table's Avro schema without meta fields. A delete given by key only
 * has no data.
 */
public final class TableRecord {
  private final String recordKey;
  private final String partitionPath;
  private final RecordOperation operation;
  private final GenericRecord data;

  private TableRecord(
      String recordKey, String partitionPath, RecordOperation operation, GenericRecord data) {
    this.recordKey = Objects.requireNonNull(recordKey);
    this.partitionPath = Objects.requireNonNull(partitionPath);
    this.operation = Objects.requireNonNull(operation);
    this.data = data;
    if (operation == RecordOperation.UPSERT && data == null) {
      throw new IllegalArgumentException("An upsert of record key '" + recordKey + "' needs data");
    }
  }

  public static TableRecord upsert(String recordKey, String partitionPath, GenericRecord data) {
    return new TableRecord(recordKey, partitionPath, RecordOperation.UPSERT, data);
  }

  public static TableRecord delete(String recordKey, String partitionPath, GenericRecord data) {
    return new TableRecord(recordKey, partitionPath, RecordOperation.DELETE, data);
  }

  public String recordKey() {
    return recordKey;
  }

  public String partitionPath() {
    return partitionPath;
  }

  public RecordOperation operation() {
    return operation;
  }

  public boolean isDelete() {
    return operation == RecordOperation.DELETE;
  }

  /** The record's data; empty for a delete given by key only. */
  public Optional<GenericRecord> data() {
    return Optional.ofNullable(data);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof TableRecord)) {
      return false;
    }
    TableRecord other = (TableRecord) o;
    return recordKey.equals(other.recordKey)
        && partitionPath.equals(other.partitionPath)
        && operation == other.operation
        && Objects.equals(data, other.data);
  }

  @Override
  public int hashCode() {
    return Objects.hash(recordKey, partitionPath, operation);
  }

  @Override
  public String toString() {
    return operation + "(" + partitionPath + "/" + recordKey + ")";
  }
}
