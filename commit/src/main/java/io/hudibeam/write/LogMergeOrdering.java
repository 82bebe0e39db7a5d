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
import io.hudibeam.table.HudiTableException;
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
 * <p>Deletes without an ordering value, or with Hudi's natural-order value 0 (what HudiIO's and
 * Hudi's delete operations write), always win in both modes, and a data record after such a delete
 * wins over it. A delete with another ordering value is refused under event-time ordering (Hudi
 * compares it with the record it deletes; this compactor keeps no ordering value for deletes).
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
    if (!eventTime || newer.isDelete() || existing.isDelete()) {
      return true;
    }
    return orderingField.compare(newer.dataOnce(), existing.dataOnce()) >= 0;
  }

  /** Whether the base file's {@code base} record stays over the merged log record {@code log}. */
  public boolean keepsBase(GenericRecord base, TableRecord log) {
    if (!eventTime || log.isDelete()) {
      return false;
    }
    return orderingField.compare(Optional.of(base), log.dataOnce()) > 0;
  }

  /** Refuses a delete this ordering cannot place (see the class comment). */
  public void checkDelete(DeleteRecord delete, String source) {
    Optional<Comparable<?>> value = delete.orderingValue();
    if (eventTime && value.isPresent() && !Integer.valueOf(0).equals(value.get())) {
      throw new HudiTableException(
          String.format(
              "%s holds a delete of record key '%s' with ordering value %s: under"
                  + " hoodie.record.merge.mode=%s Hudi keeps the stored record when its ordering value"
                  + " is greater, which this compactor does not implement for deletes (only natural-order"
                  + " deletes, ordering value 0). Compact this table with Hudi 1.x",
              source, delete.recordKey(), value.get(), EVENT_TIME_ORDERING));
    }
  }

  @Override
  public String toString() {
    return eventTime ? "event-time ordering on " + orderingField : "commit-time ordering";
  }
}
