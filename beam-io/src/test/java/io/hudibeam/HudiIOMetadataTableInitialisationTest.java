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
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.MetadataTableChecks;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The metadata table's initialisation at a write's start, through {@link HudiIO#write()}: a storage
 * failure while it is created never costs the write its data commit (the write commits without a
 * metadata table, as Hudi's writer goes on when {@code HoodieBackedTableMetadataWriter} cannot
 * initialise one), and the next write's start creates it.
 */
public class HudiIOMetadataTableInitialisationTest {
  /** The {@code files} partition's HFile base file, the initialisation's one data file. */
  private static final String FILES_BASE_FILE =
      "^.*/\\.hoodie/metadata/files/files-0000-0_.*\\.hfile$";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String id = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(id);
  }

  @Test
  public void aFailedInitialisationNeverLosesTheDataCommit() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(
        TripsRows.batch(0, 0, 40),
        trips(base, WriteOperation.INSERT)
            .withHoodieProperties(Map.of("hoodie.metadata.enable", "false")));
    String c1 = reader.completedInstantTimes().get(0);
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));

    // An upsert with the default settings initialises the metadata table at its start; it cannot
    // create the files partition's base file: the upsert commits all the same.
    run(
        TripsRows.batch(1, 20, 40),
        trips(base, WriteOperation.UPSERT)
            .withHadoopConfiguration(
                Fault.on(id, Operation.CREATE, FILES_BASE_FILE).configuration()));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c2 = commits.get(1);
    assertThat(reader.tableConfig().getMetadataPartitions(), is(empty()));
    assertThat(
        "what the initialisation wrote is deleted",
        new File(base, ".hoodie/metadata").exists(),
        is(false));
    assertRows(
        reader,
        60,
        trips(0, 20).ofBatch(0).committedAt(c1),
        trips(20, 60).ofBatch(1).committedAt(c2));
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));

    // The next write's start (default settings) initialises it: Hudi's metadata reader lists every
    // committed file.
    run(TripsRows.batch(2, 50, 20), trips(base, WriteOperation.UPSERT));
    commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(3));
    String c3 = commits.get(2);
    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    assertRows(
        reader,
        70,
        trips(0, 20).ofBatch(0).committedAt(c1),
        trips(20, 50).ofBatch(1).committedAt(c2),
        trips(50, 70).ofBatch(2).committedAt(c3));
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
  }
}
