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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.List;
import java.util.UUID;
import org.apache.beam.sdk.Pipeline;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A bulk-insert bundle that fails with files open (one per partition, up to 16) aborts them: the
 * failed write leaves no partial base file behind, and the next write commits over it.
 */
public class HudiIOBulkInsertFailureTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String id = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(id);
  }

  @Test
  public void aFailedBundleAbortsItsOpenFiles() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 80), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);
    List<String> before = List.copyOf(dataFilesOnDisk(base));

    // One bundle of 80 trips over 8 cities: the 5th city's file cannot be created while 4 are open.
    Pipeline p = HudiIOTesting.pipeline(1);
    HudiIOTesting.oneBundle(p, TripsRows.batch(1, 80, 80), TripsRows.SCHEMA)
        .apply(
            trips(base, WriteOperation.BULK_INSERT)
                .withHadoopConfiguration(
                    Fault.on(id, Operation.CREATE, Fault.BASE_FILE).skip(4).configuration()));
    RuntimeException failed = assertThrows(RuntimeException.class, () -> p.run().waitUntilFinish());
    StringBuilder messages = new StringBuilder();
    for (Throwable c = failed; c != null; c = c.getCause()) {
      messages.append(c.getMessage()).append('\n');
    }
    assertThat(messages.toString(), containsString("injected failure creating"));
    String pending =
        List.of(new File(base, ".hoodie").list()).stream()
            .filter(n -> n.endsWith(".commit.requested"))
            .map(n -> n.substring(0, 17))
            .filter(t -> !t.equals(c1))
            .findFirst()
            .orElseThrow();
    // The four open files were aborted (closed and deleted); their markers (and the fifth's) remain
    // for the rollback.
    assertThat(
        dataFilesOnDisk(base).stream().filter(f -> f.contains(pending)).toList(), is(empty()));
    assertThat(List.copyOf(dataFilesOnDisk(base)), is(before));
    try (java.util.stream.Stream<java.nio.file.Path> markers =
        java.nio.file.Files.walk(new File(base, ".hoodie/.temp/" + pending).toPath())) {
      assertThat(markers.filter(m -> m.toString().endsWith(".marker.CREATE")).count(), is(5L));
    }

    // The failed bulk insert released its heartbeat: the next write, with the default heartbeat
    // settings, rolls it back at once and commits.
    assertThat(new File(base, ".hoodie/.heartbeat/" + pending).exists(), is(false));
    run(TripsRows.batch(2, 0, 40), trips(base, WriteOperation.UPSERT));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    assertRows(
        reader,
        80,
        trips(0, 40).ofBatch(2).committedAt(commits.get(1)),
        trips(40, 80).ofBatch(0).committedAt(c1));
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
  }
}
