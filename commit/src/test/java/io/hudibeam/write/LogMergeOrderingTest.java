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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.log.DeleteRecord;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.testing.TripsData;
import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.Test;

/** The record merge modes a compaction applies (Hudi 1.0's FileGroupRecordBuffer rules). */
public class LogMergeOrderingTest {
  private static TableRecord upsert(long ts) {
    GenericRecord record = new GenericData.Record(TripsData.SCHEMA);
    GenericRecord template = TripsData.record(0, 1);
    for (org.apache.avro.Schema.Field f : TripsData.SCHEMA.getFields()) {
      record.put(f.pos(), template.get(f.pos()));
    }
    record.put(TripsData.ORDERING_FIELD, ts);
    return TableRecord.upsert(TripsData.key(1), "p", record);
  }

  private static final TableRecord DELETE =
      TableRecord.of(TripsData.key(1), "p", RecordOperation.DELETE, null);

  private static TableConfig table(TableVersion version, String orderingField) {
    TableConfig.Builder b =
        TableConfig.newTable(TripsData.TABLE_NAME, TableType.MERGE_ON_READ)
            .tableVersion(version)
            .recordKeyFields(List.of(TripsData.RECORD_KEY_FIELD))
            .partitionFields(List.of(TripsData.PARTITION_FIELD));
    if (orderingField != null) {
      b.orderingField(orderingField);
    }
    return b.build();
  }

  @Test
  public void theTablesMergeModeDecides() {
    // Version 8 with an ordering field: EVENT_TIME_ORDERING (Hudi 1.0's inferred mode).
    assertThat(
        LogMergeOrdering.of(table(TableVersion.EIGHT, TripsData.ORDERING_FIELD)).isEventTime(),
        is(true));
    // Without one: COMMIT_TIME_ORDERING; version 6 has no merge mode (OverwriteWithLatest).
    assertThat(LogMergeOrdering.of(table(TableVersion.EIGHT, null)).isEventTime(), is(false));
    assertThat(
        LogMergeOrdering.of(table(TableVersion.SIX, TripsData.ORDERING_FIELD)).isEventTime(),
        is(false));
  }

  @Test
  public void commitTimeOrderingKeepsTheLaterRecord() {
    LogMergeOrdering ordering = LogMergeOrdering.commitTime();
    assertThat(ordering.keepsNewer(upsert(5), upsert(1)), is(true));
    assertThat(ordering.keepsBase(upsert(5).data().get(), upsert(1)), is(false));
  }

  @Test
  public void eventTimeOrderingKeepsTheLargerOrderingValueTheLaterOnATie() {
    LogMergeOrdering ordering =
        LogMergeOrdering.eventTime(OrderingField.of(TripsData.ORDERING_FIELD));
    assertThat(ordering.keepsNewer(upsert(5), upsert(1)), is(false));
    assertThat(ordering.keepsNewer(upsert(5), upsert(5)), is(true));
    assertThat(ordering.keepsNewer(upsert(1), upsert(5)), is(true));
    assertThat(ordering.keepsBase(upsert(5).data().get(), upsert(1)), is(true));
    assertThat(ordering.keepsBase(upsert(5).data().get(), upsert(5)), is(false));
    // Natural-order deletes (ordering value 0) always win, and a record after one wins over it.
    assertThat(ordering.keepsNewer(upsert(5), DELETE), is(true));
    assertThat(ordering.keepsBase(upsert(5).data().get(), DELETE), is(false));
    assertThat(ordering.keepsNewer(DELETE, upsert(1)), is(true));
  }

  /**
   * A change stream's delete carries its ordering value (Hudi 1.0.2's {@code
   * FileGroupRecordBuffer}): it loses to a greater earlier value, a later record must not be
   * smaller to win over it, and values of different classes do not compare (the later wins).
   */
  @Test
  public void eventTimeOrderingComparesDeletesThatCarryAnOrderingValue() {
    LogMergeOrdering ordering =
        LogMergeOrdering.eventTime(OrderingField.of(TripsData.ORDERING_FIELD));
    TableRecord deleteAt7 = ordering.deleteOf(DeleteRecord.of(TripsData.key(1), "p", 7L), "p");
    assertThat(deleteAt7.deleteOrderingValue().get(), is(7L));
    assertThat(ordering.keepsNewer(upsert(5), deleteAt7), is(true));
    assertThat(ordering.keepsNewer(upsert(9), deleteAt7), is(false));
    assertThat(ordering.keepsBase(upsert(9).data().get(), deleteAt7), is(true));
    assertThat(ordering.keepsBase(upsert(7).data().get(), deleteAt7), is(false));
    assertThat(ordering.keepsNewer(deleteAt7, upsert(6)), is(false));
    assertThat(ordering.keepsNewer(deleteAt7, upsert(7)), is(true));
    TableRecord stringValued =
        ordering.deleteOf(DeleteRecord.of(TripsData.key(1), "p", "zzz"), "p");
    assertThat(ordering.keepsNewer(upsert(9), stringValued), is(true));
    // Natural order (0) and commit-time ordering: a delete by key, which always wins.
    assertThat(
        ordering.deleteOf(DeleteRecord.of("k", "p", 0), "p").deleteOrderingValue().isPresent(),
        is(false));
    LogMergeOrdering commitTime = LogMergeOrdering.commitTime();
    TableRecord byKey = commitTime.deleteOf(DeleteRecord.of("k", "p", 7L), "p");
    assertThat(byKey.deleteOrderingValue().isPresent(), is(false));
    assertThat(commitTime.keepsNewer(upsert(9), byKey), is(true));
  }

  /** A change stream's delete (data with _hoodie_is_deleted) is ordered by its data's value. */
  @Test
  public void aDeleteWithDataIsOrderedByItsData() {
    LogMergeOrdering ordering =
        LogMergeOrdering.eventTime(OrderingField.of(TripsData.ORDERING_FIELD));
    TableRecord deleteWithData = TableRecord.delete(TripsData.key(1), "p", upsert(4).data().get());
    assertThat(ordering.keepsNewer(upsert(5), deleteWithData), is(false));
    assertThat(ordering.keepsBase(upsert(3).data().get(), deleteWithData), is(false));
    assertThat(ordering.keepsBase(upsert(5).data().get(), deleteWithData), is(true));
  }
}
