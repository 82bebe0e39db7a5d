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

import static io.hudibeam.HudiIOTesting.assertRows;
import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.TripsRange.trips;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Writes of zero records on an existing table commit an empty instant (as Hudi does with its
 * default {@code hoodie.allow.empty.commit=true}) and exit normally; a delete on a base path with
 * no table refuses instead of creating one; settings the workers read fail when the pipeline is
 * built.
 */
public class HudiIOEmptyWritesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void zeroRecordsOnAnExistingTableCommitAnEmptyInstant() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 200), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);
    TreeSet<String> files = dataFilesOnDisk(base);

    for (WriteOperation operation :
        List.of(
            WriteOperation.UPSERT,
            WriteOperation.INSERT,
            WriteOperation.DELETE,
            WriteOperation.BULK_INSERT)) {
      run(List.of(), trips(base, operation));
    }
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(5));
    Map<String, HoodieCommitMetadata> metadata = SafetyChecks.commitMetadata(reader);
    for (String empty : commits.subList(1, 5)) {
      assertThat(empty, metadata.get(empty).getWriteStats(), is(empty()));
    }
    assertThat(dataFilesOnDisk(base), is(files));
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
    assertThat(
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
    assertThat(List.of(new File(base, ".hoodie/.temp").list()), is(empty()));
    assertRows(reader, 200, trips(0, 200).ofBatch(0).committedAt(c1));
  }

  @Test
  public void aDeleteOnAPathWithNoTableRefusesAndCreatesNothing() throws Exception {
    File base = tmp.newFolder("no-table");
    RuntimeException e =
        assertThrows(
            RuntimeException.class,
            () ->
                run(
                    TripsRows.batch(0, 0, 10),
                    trips(base.getAbsolutePath(), WriteOperation.DELETE)));
    StringBuilder messages = new StringBuilder();
    for (Throwable c = e; c != null; c = c.getCause()) {
      messages.append(c.getMessage()).append('\n');
    }
    assertThat(
        messages.toString(),
        allOf(
            containsString("There is no Hudi table at " + base.getAbsolutePath()),
            containsString("a delete needs an existing table")));
    assertThat(List.of(base.list()), is(empty()));
  }

  @Test
  public void settingsTheWorkersReadFailWhenThePipelineIsBuilt() {
    String base = tmp.getRoot().getAbsolutePath() + "/trips";
    Map<String, String> bad =
        Map.of(
            "hoodie.cleaner.commits.retained", "ten",
            "hoodie.parquet.compression.codec", "gzipp",
            "hoodie.parquet.max.file.size", "big",
            "hoodie.client.heartbeat.interval_in_ms", "10",
            "hoodie.write.lock.filesystem.expire", "-5");
    bad.forEach(
        (key, value) -> {
          Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
          IllegalArgumentException e =
              assertThrows(
                  IllegalArgumentException.class,
                  () ->
                      p.apply(Create.of(TripsRows.batch(0, 0, 1)).withRowSchema(TripsRows.SCHEMA))
                          .apply(
                              trips(base, WriteOperation.UPSERT)
                                  .withHoodieProperties(Map.of(key, value))));
          assertThat(e.getMessage(), allOf(containsString(key), containsString(value)));
        });
    assertThat(new File(base).exists(), is(false));
  }
}
