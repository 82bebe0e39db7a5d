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
package io.hudibeam.transforms;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;

/** The trips table's write spec and row check, as the stages' tests use them. */
public final class TripsSpecs {
  private TripsSpecs() {}

  /**
   * An upsert of the trips table at {@code base} ({@link LocalWrite#tripsTable()}: key {@code
   * uuid}, partition {@code city}, ordering {@code ts}) with the SIMPLE index, failing on a bad
   * record, no write settings; a test sets what it is about on the builder.
   */
  public static WriteSpec.Builder upsert(String base) {
    return WriteSpec.builder()
        .basePath(base)
        .tableConfig(LocalWrite.tripsTable())
        .keyGenerator(KeyGeneratorConfig.simple("uuid", "city"))
        .orderingField(OrderingField.of("ts"))
        .operation(WriteOperation.UPSERT)
        .index(IndexType.SIMPLE)
        .schemaJson(TripsData.SCHEMA.toString())
        .failedRecordPolicy(FailedRecordPolicy.FAIL)
        .writeProperties(Map.of());
  }

  /** Hudi's snapshot of the table holds exactly {@code expected}'s keys, each with its values. */
  public static void assertSnapshotIs(HudiTableReader reader, List<GenericRecord> expected) {
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(expected.size()));
    for (GenericRecord e : expected) {
      GenericRecord row = rows.get(e.get("uuid").toString());
      for (String field : List.of("uuid", "ts", "rider", "driver", "fare", "city")) {
        assertThat(
            e.get("uuid") + "." + field,
            String.valueOf(row.get(field)),
            is(String.valueOf(e.get(field))));
      }
    }
  }
}
