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
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.model.HoodieTableType;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link ManyTablesPipeline} applied twice (its changes, then a later batch touching both tables),
 * each table read back row by row with Hudi's reader.
 */
public class ManyTablesPipelineTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Record key → partition path, name, lsn, as Hudi reads the table. */
  private static Map<String, String> rows(String base) {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, GenericRecord> e :
        HudiTableReader.of(base).snapshotByRecordKey().entrySet()) {
      GenericRecord r = e.getValue();
      out.put(
          e.getKey(),
          HudiTableReader.string(r, "_hoodie_partition_path")
              + "|"
              + HudiTableReader.string(r, "name")
              + "|"
              + r.get("lsn"));
    }
    return out;
  }

  @Test
  public void eachTableEndsInTheLatestStateOfItsKeys() throws Exception {
    String warehouse = tmp.newFolder("warehouse").getAbsolutePath();
    ManyTablesPipeline.write(warehouse, ManyTablesPipeline.changes(), new String[0]);
    assertThat(rows(warehouse + "/customers"), is(Map.of("c-1", "|Ada L.|5")));
    assertThat(rows(warehouse + "/orders"), is(Map.of("o-1", "fr|2 books|3")));
    assertThat(
        HudiTableReader.of(warehouse + "/customers").metaClient().getTableType(),
        is(HoodieTableType.MERGE_ON_READ));
    assertThat(
        HudiTableReader.of(warehouse + "/orders").metaClient().getTableType(),
        is(HoodieTableType.COPY_ON_WRITE));

    ManyTablesPipeline.write(
        warehouse,
        List.of(
            ManyTablesPipeline.change("customers", "c-2", "no", "Bob again", 8L, "r"),
            ManyTablesPipeline.change("orders", "o-1", "fr", "3 books", 9L, "u"),
            ManyTablesPipeline.change("orders", "o-3", "de", "1 pen", 10L, "c"),
            ManyTablesPipeline.change("customers", "c-1", "fr", "Ada L.", 11L, "d")),
        new String[0]);
    assertThat(rows(warehouse + "/customers"), is(Map.of("c-2", "|Bob again|8")));
    assertThat(
        rows(warehouse + "/orders"), is(Map.of("o-1", "fr|3 books|9", "o-3", "de|1 pen|10")));
    assertThat(HudiTableReader.of(warehouse + "/customers").completedInstantTimes().size(), is(2));
    assertThat(HudiTableReader.of(warehouse + "/orders").completedInstantTimes().size(), is(2));
  }
}
