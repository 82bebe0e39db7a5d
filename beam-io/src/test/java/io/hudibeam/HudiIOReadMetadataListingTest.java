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
package io.hudibeam;

import static io.hudibeam.HudiIOReadTest.text;
import static io.hudibeam.HudiIOReadTest.textOf;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code HudiIO.read()} on a table with the metadata table (the default) plans from its {@code
 * files} partition: snapshot, time-travel and incremental reads list no data folder and return
 * Hudi's rows; on a table without it ({@code hoodie.metadata.enable=false}) the folders are listed.
 */
public class HudiIOReadMetadataListingTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String id = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    ListingCountingFileSystem.forget(id);
  }

  @Test
  public void copyOnWriteReadsListNoDataFolder() {
    readsFromTheMetadataTable(TableType.COPY_ON_WRITE);
  }

  @Test
  public void mergeOnReadReadsListNoDataFolder() {
    readsFromTheMetadataTable(TableType.MERGE_ON_READ);
  }

  @Test
  public void withoutTheMetadataTableTheFoldersAreListed() {
    String base = new File(tmp.getRoot(), "listed").getPath();
    Map<String, String> off = Map.of("hoodie.metadata.enable", "false");
    SafetyChecks.run(
        TripsRows.batch(0, 0, 100),
        SafetyChecks.trips(base, WriteOperation.INSERT).withHoodieProperties(off));
    HudiTableReader hudi = HudiTableReader.of(base);
    assertThat(hudi.tableConfig().getMetadataPartitions(), empty());
    Map<String, String> counting = ListingCountingFileSystem.configuration(id);
    assertRead(
        HudiIO.read().withBasePath(base).withHadoopConfiguration(counting),
        TripsRows.SCHEMA,
        textOf(hudi.snapshot(), TripsRows.SCHEMA));
    assertThat(ListingCountingFileSystem.dataFoldersListed(id, base).size(), greaterThan(0));
  }

  private void readsFromTheMetadataTable(TableType type) {
    String base = new File(tmp.getRoot(), type.name()).getPath();
    SafetyChecks.run(
        TripsRows.batch(0, 0, 300),
        SafetyChecks.trips(base, WriteOperation.INSERT).withTableType(type));
    SafetyChecks.run(
        TripsRows.batch(1, 200, 200),
        SafetyChecks.trips(base, WriteOperation.UPSERT).withTableType(type));
    SafetyChecks.run(
        TripsRows.batch(2, 0, 50),
        SafetyChecks.trips(base, WriteOperation.DELETE).withTableType(type));
    HudiTableReader hudi = HudiTableReader.of(base);
    assertThat(hudi.tableConfig().getMetadataPartitions(), contains("files"));
    List<String> instants = hudi.completedInstantTimes();
    String first = instants.get(0);
    String second = instants.get(1);
    Map<String, String> counting = ListingCountingFileSystem.configuration(id);

    List<String> snapshot = textOf(hudi.snapshot(), TripsRows.SCHEMA);
    assertThat(snapshot.size(), is(350));
    assertRead(
        HudiIO.read().withBasePath(base).withHadoopConfiguration(counting),
        TripsRows.SCHEMA,
        snapshot);
    assertThat(type + " snapshot", ListingCountingFileSystem.dataFoldersListed(id, base), empty());

    assertRead(
        HudiIO.read().withBasePath(base).withAsOfInstant(first).withHadoopConfiguration(counting),
        TripsRows.SCHEMA,
        text(TripsRows.batch(0, 0, 300)));
    assertRead(
        HudiIO.read()
            .withBasePath(base)
            .withBeginInstant(first)
            .withEndInstant(second)
            .withHadoopConfiguration(counting),
        TripsRows.SCHEMA,
        text(TripsRows.batch(1, 200, 200)));
    assertThat(
        type + " time travel and incremental",
        ListingCountingFileSystem.dataFoldersListed(id, base),
        empty());
  }

  /** Runs {@code read} and asserts its rows, as text, equal {@code expected}. */
  private static void assertRead(HudiRead read, Schema schema, List<String> expected) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    PCollection<Row> rows = p.apply(read);
    ArrayList<String> want = new ArrayList<>(expected);
    PAssert.that(rows)
        .satisfies(
            actual -> {
              List<Row> all = new ArrayList<>();
              actual.forEach(all::add);
              assertThat(text(all), is(want));
              return null;
            });
    p.run().waitUntilFinish();
  }
}
