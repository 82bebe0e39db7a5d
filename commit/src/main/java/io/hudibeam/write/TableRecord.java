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

import java.util.Objects;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;

/**
 * A record on its way into the table: its record key and partition path, what it asks (upsert or
 * delete) and its data in the table's Avro schema without meta fields. A delete given by key only
 * has no data. The data is a {@link RecordPayload}: a record moved between pipeline stages as bytes
 * is decoded only where its fields are read ({@link #data()}).
 */
public final class TableRecord {
  private final String recordKey;
  private final String partitionPath;
  private final RecordOperation operation;
  private final RecordPayload data;
  private final Comparable<?> deleteOrderingValue;

  private TableRecord(
      String recordKey, String partitionPath, RecordOperation operation, RecordPayload data) {
    this(recordKey, partitionPath, operation, data, null);
  }

  private TableRecord(
      String recordKey,
      String partitionPath,
      RecordOperation operation,
      RecordPayload data,
      Comparable<?> deleteOrderingValue) {
    this.recordKey = Objects.requireNonNull(recordKey);
    this.partitionPath = Objects.requireNonNull(partitionPath);
    this.operation = Objects.requireNonNull(operation);
    this.data = data;
    this.deleteOrderingValue = deleteOrderingValue;
    if (operation == RecordOperation.UPSERT && data == null) {
      throw new IllegalArgumentException("An upsert of record key '" + recordKey + "' needs data");
    }
  }

  public static TableRecord upsert(String recordKey, String partitionPath, GenericRecord data) {
    return new TableRecord(recordKey, partitionPath, RecordOperation.UPSERT, payloadOf(data));
  }

  public static TableRecord delete(String recordKey, String partitionPath, GenericRecord data) {
    return new TableRecord(recordKey, partitionPath, RecordOperation.DELETE, payloadOf(data));
  }

  /**
   * A delete read from a log file's delete block with the ordering value it carries (a change
   * stream's delete, as Hudi's append handle writes it: {@code DeleteRecord.create(key,
   * orderingVal)}); it has no data. Only compaction and reads of log files make these.
   */
  public static TableRecord deleteWithOrderingValue(
      String recordKey, String partitionPath, Comparable<?> orderingValue) {
    return new TableRecord(
        recordKey,
        partitionPath,
        RecordOperation.DELETE,
        null,
        Objects.requireNonNull(orderingValue, "orderingValue"));
  }

  /** A record whose data is the given payload, or none for a delete given by key only. */
  public static TableRecord of(
      String recordKey, String partitionPath, RecordOperation operation, RecordPayload data) {
    return new TableRecord(recordKey, partitionPath, operation, data);
  }

  private static RecordPayload payloadOf(GenericRecord data) {
    return data == null ? null : RecordPayload.of(data);
  }

  /** The same key, operation and data (not decoded) in another partition path. */
  public TableRecord withPartitionPath(String partitionPath) {
    return new TableRecord(recordKey, partitionPath, operation, data, deleteOrderingValue);
  }

  /**
   * The ordering value of a delete read from a delete block that carries one ({@link
   * #deleteWithOrderingValue}); empty otherwise (a delete with data carries its ordering value in
   * its data).
   */
  public Optional<Comparable<?>> deleteOrderingValue() {
    return Optional.ofNullable(deleteOrderingValue);
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

  /** The record's data, decoded if it is still bytes; empty for a delete given by key only. */
  public Optional<GenericRecord> data() {
    return data == null ? Optional.empty() : Optional.of(data.record());
  }

  /**
   * The record's data for one use, decoded if it is still bytes but not kept decoded ({@link
   * RecordPayload#recordOnce}): for records held in a spillable map, whose budget counts bytes.
   */
  public Optional<GenericRecord> dataOnce() {
    return data == null ? Optional.empty() : Optional.of(data.recordOnce());
  }

  /** The record's data as it is held, for moving it on without decoding it. */
  public Optional<RecordPayload> payload() {
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
        && Objects.equals(data, other.data)
        && Objects.equals(deleteOrderingValue, other.deleteOrderingValue);
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
