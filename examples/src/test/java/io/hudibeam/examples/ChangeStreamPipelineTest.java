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
package io.hudibeam.examples;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link ChangeStreamPipeline} applied twice (its changes, then a later batch with a delete and a
 * re-insert), the table read back row by row with Hudi's reader.
 */
public class ChangeStreamPipelineTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static Row change(String id, String name, long lsn, String op) {
    return Row.withSchema(ChangeStreamPipeline.CUSTOMERS).addValues(id, name, lsn, op).build();
  }

  @Test
  public void theChangesOfAKeyEndInItsLatestState() throws Exception {
    String table = tmp.newFolder("customers").getAbsolutePath();
    ChangeStreamPipeline.write(table, ChangeStreamPipeline.changes(), new String[0]);
    Map<String, GenericRecord> rows = HudiTableReader.of(table).snapshotByRecordKey();
    assertThat(rows.keySet(), is(java.util.Set.of("c-1")));
    assertThat(HudiTableReader.string(rows.get("c-1"), "name"), is("Ada L."));
    assertThat(rows.get("c-1").get("lsn"), is(3L));

    ChangeStreamPipeline.write(
        table,
        List.of(
            change("c-2", "Bob again", 5L, "r"),
            change("c-1", "Ada L.", 6L, "d"),
            change("c-3", "Cy", 7L, "c")),
        new String[0]);
    rows = HudiTableReader.of(table).snapshotByRecordKey();
    assertThat(rows.keySet(), is(java.util.Set.of("c-2", "c-3")));
    assertThat(HudiTableReader.string(rows.get("c-2"), "name"), is("Bob again"));
    assertThat(HudiTableReader.string(rows.get("c-3"), "op"), is("c"));
  }
}
