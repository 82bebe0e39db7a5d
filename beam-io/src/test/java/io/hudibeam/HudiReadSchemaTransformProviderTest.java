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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.transforms.SchemaTransform;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The read schema transform as an expansion service uses it: found through ServiceLoader, built
 * from a configuration Row, its rows compared with Hudi's reader; bad keys refused by name.
 */
public class HudiReadSchemaTransformProviderTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static SchemaTransformProvider provider() {
    List<SchemaTransformProvider> found =
        StreamSupport.stream(ServiceLoader.load(SchemaTransformProvider.class).spliterator(), false)
            .filter(p -> p.identifier().equals(HudiReadSchemaTransformProvider.IDENTIFIER))
            .collect(Collectors.toList());
    assertThat(found.size(), is(1));
    return found.get(0);
  }

  @Test
  public void readsTheTableAsConfigured() {
    String base = new File(tmp.getRoot(), "trips").getPath();
    SafetyChecks.run(
        TripsRows.batch(0, 0, 100),
        SafetyChecks.trips(base, WriteOperation.INSERT).withTableType(TableType.MERGE_ON_READ));
    SafetyChecks.run(
        TripsRows.batch(1, 50, 100),
        SafetyChecks.trips(base, WriteOperation.UPSERT).withTableType(TableType.MERGE_ON_READ));
    HudiTableReader hudi = HudiTableReader.of(base);
    String first = hudi.completedInstantTimes().get(0);
    SchemaTransformProvider provider = provider();
    Schema config = provider.configurationSchema();
    Row row =
        Row.withSchema(config)
            .withFieldValue("table", base)
            .withFieldValue("keep", List.of("uuid", "fare"))
            .withFieldValue("query_type", "incremental")
            .withFieldValue("begin_instant", first)
            .build();
    SchemaTransform transform = provider.from(row);
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    PCollection<Row> rows =
        PCollectionRowTuple.empty(p).apply(transform).get(HudiReadSchemaTransformProvider.OUTPUT);
    Schema projected =
        Schema.builder()
            .addField(TripsRows.SCHEMA.getField("uuid"))
            .addField(TripsRows.SCHEMA.getField("fare"))
            .build();
    ArrayList<String> expected =
        new ArrayList<>(HudiIOReadTest.textOf(hudi.incrementalSince(first), projected));
    assertThat(expected.size(), is(100));
    PAssert.that(rows)
        .satisfies(
            actual -> {
              List<Row> all = new ArrayList<>();
              actual.forEach(all::add);
              assertThat(HudiIOReadTest.text(all), is(expected));
              return null;
            });
    p.run().waitUntilFinish();
  }

  @Test
  public void badKeysAreRefusedByName() {
    SchemaTransformProvider provider = provider();
    Schema config = provider.configurationSchema();
    IllegalArgumentException queryType =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                provider.from(
                    Row.withSchema(config)
                        .withFieldValue("table", "/tmp/t")
                        .withFieldValue("query_type", "latest")
                        .build()));
    assertThat(queryType.getMessage(), containsString("query_type"));
    IllegalArgumentException start =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                provider.from(
                    Row.withSchema(config)
                        .withFieldValue("table", "/tmp/t")
                        .withFieldValue("starting_strategy", "earliest")
                        .build()));
    assertThat(start.getMessage(), containsString("streaming"));
  }
}
