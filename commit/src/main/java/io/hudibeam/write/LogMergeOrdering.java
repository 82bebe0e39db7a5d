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

import io.hudibeam.log.DeleteRecord;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableProperty;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;

/**
 * How a compaction merges the versions of a record it finds in a file slice, by the table's record
 * merge mode ({@code hoodie.record.merge.mode}, Hudi 1.0's {@code FileGroupRecordBuffer}):
 *
 * <ul>
 *   <li><b>commit-time ordering</b> (version 6 tables, whose payload is {@code
 *       OverwriteWithLatestAvroPayload}, and version 8 tables with {@code COMMIT_TIME_ORDERING}):
 *       the later log record wins over an earlier one and over the base file's record;
 *   <li><b>event-time ordering</b> (version 8 tables with {@code EVENT_TIME_ORDERING}, Hudi 1.0's
 *       default when the table has an ordering field): a later log record wins over an earlier one
 *       when its ordering value is not smaller ({@code shouldKeepNewerRecord}), and over the base
 *       file's record unless the base record's value is greater ({@code merge}).
 * </ul>
 *
 * <p>Deletes without an ordering value, or with Hudi's natural-order value 0 (what Hudi's delete
 * operation and HudiIO's {@code DELETE} write), always win in both modes, and a data record after
 * such a delete wins over it. Under event-time ordering a delete that carries another ordering
 * value (a change stream's delete, as Hudi 1.0's and HudiIO's upserts write it on version 8) is
 * compared like a data record: it loses to an earlier log record or the base file's record whose
 * ordering value is greater, and a later data record wins over it only if its ordering value is not
 * smaller (Hudi 1.0.2's {@code FileGroupRecordBuffer.doProcessNextDeletedRecord} and {@code
 * merge}); values of different classes do not compare and the later record wins.
 */
public final class LogMergeOrdering implements Serializable {
  private static final long serialVersionUID = 1L;
  static final String EVENT_TIME_ORDERING = "EVENT_TIME_ORDERING";

  private final OrderingField orderingField;
  private final boolean eventTime;

  private LogMergeOrdering(OrderingField orderingField, boolean eventTime) {
    this.orderingField = Objects.requireNonNull(orderingField, "orderingField");
    this.eventTime = eventTime;
  }

  /** The later record wins. */
  public static LogMergeOrdering commitTime() {
    return new LogMergeOrdering(OrderingField.none(), false);
  }

  /** The larger ordering value of {@code orderingField} wins, the later record on a tie. */
  public static LogMergeOrdering eventTime(OrderingField orderingField) {
    return new LogMergeOrdering(orderingField, true);
  }

  /**
   * The table's ordering: event-time when {@code hoodie.record.merge.mode} is {@code
   * EVENT_TIME_ORDERING} and the table has an ordering field, else commit-time.
   */
  public static LogMergeOrdering of(TableConfig config) {
    Optional<String> field = config.orderingField();
    boolean eventTime =
        config.get(TableProperty.RECORD_MERGE_MODE).map(EVENT_TIME_ORDERING::equals).orElse(false);
    return eventTime && field.isPresent() ? eventTime(OrderingField.of(field.get())) : commitTime();
  }

  public boolean isEventTime() {
    return eventTime;
  }

  /** Whether {@code newer}, read from a later log block than {@code existing}, replaces it. */
  public boolean keepsNewer(TableRecord existing, TableRecord newer) {
    if (!eventTime || isNaturalOrderDelete(newer) || isNaturalOrderDelete(existing)) {
      return true;
    }
    return !greater(orderingValue(existing), orderingValue(newer));
  }

  /** Whether the base file's {@code base} record stays over the merged log record {@code log}. */
  public boolean keepsBase(GenericRecord base, TableRecord log) {
    if (!eventTime || isNaturalOrderDelete(log)) {
      return false;
    }
    return greater(valueOf(base), orderingValue(log));
  }

  /**
   * A delete of a delete block as this ordering merges it: with its ordering value under event-time
   * ordering unless natural-order (none, or 0), else a delete by key.
   */
  public TableRecord deleteOf(DeleteRecord delete, String partitionPath) {
    Optional<Comparable<?>> value = delete.orderingValue();
    if (eventTime && value.isPresent() && !NATURAL_ORDER.equals(value.get())) {
      return TableRecord.deleteWithOrderingValue(delete.recordKey(), partitionPath, value.get());
    }
    return TableRecord.of(delete.recordKey(), partitionPath, RecordOperation.DELETE, null);
  }

  private static final Integer NATURAL_ORDER = 0;

  /** A delete that always wins: no ordering value, in its data or from its delete block. */
  private boolean isNaturalOrderDelete(TableRecord record) {
    return record.isDelete()
        && record.deleteOrderingValue().isEmpty()
        && (record.payload().isEmpty() || orderingValue(record) == null);
  }

  private Comparable<?> orderingValue(TableRecord record) {
    if (record.deleteOrderingValue().isPresent()) {
      return record.deleteOrderingValue().get();
    }
    return record.dataOnce().map(this::valueOf).orElse(null);
  }

  private Comparable<?> valueOf(GenericRecord record) {
    String name = orderingField.name().orElse(null);
    org.apache.avro.Schema.Field field = name == null ? null : record.getSchema().getField(name);
    return field == null
        ? null
        : DeleteRecord.orderingValueOf(field.schema(), record.get(field.pos()));
  }

  /** Whether {@code a} is greater than {@code b}: both present and of one class (Hudi's rule). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static boolean greater(Comparable a, Comparable b) {
    if (a == null || b == null || a.getClass() != b.getClass()) {
      return false;
    }
    return a.compareTo(b) > 0;
  }

  @Override
  public String toString() {
    return eventTime ? "event-time ordering on " + orderingField : "commit-time ordering";
  }
}
