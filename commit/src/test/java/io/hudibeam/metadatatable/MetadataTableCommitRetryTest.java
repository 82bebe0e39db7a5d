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
package io.hudibeam.metadatatable;

import static io.hudibeam.testing.MetadataTableChecks.assertMetadataListsTheCompletedFiles;
import static io.hudibeam.testing.MetadataTableChecks.assertRowsReadThroughMetadata;
import static io.hudibeam.testing.MetadataTableChecks.completedMetadataDeltaCommits;
import static io.hudibeam.testing.MetadataTableChecks.initialisationInstants;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.log.HeaderKey;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogFileReader;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.InjectedCrash;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.write.WriteTransaction;
import java.io.File;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A commit that dies between the metadata table's deltacommit of data instant T and the data
 * table's {@code T.commit}, then is run again (a runner retries the commit step): the retry undoes
 * the first attempt's metadata deltacommit and writes it anew, as Hudi 0.15's {@code
 * HoodieBackedTableMetadataWriter.commitInternal} rolls back an instant already on the metadata
 * timeline before it re-commits, and then completes T. Hudi's metadata reader lists exactly the
 * completed files, with T's files once, and Hudi's writer continues.
 */
public class MetadataTableCommitRetryTest {
  /** A completed deltacommit of the metadata table (layout 1). */
  private static final String METADATA_DELTA_COMMIT =
      "^.*/trips/\\.hoodie/metadata/\\.hoodie/\\d{17}\\.deltacommit$";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String id = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(id);
  }

  @Test
  public void aRetriedCommitRedoesTheMetadataDeltaCommitOnce() throws Exception {
    String base = new File(tmp.getRoot(), "trips").getAbsolutePath();
    TablePaths paths = TablePaths.of(base);
    LocalWrite ours = LocalWrite.trips(base);
    Map<String, GenericRecord> expected = new TreeMap<>();
    String c1 = ours.insert(TripsData.batch(0, 0, 60));
    put(expected, TripsData.batch(0, 0, 60));
    List<String> initialisations = initialisationInstants(base);
    assertThat(initialisations, hasSize(1));

    // T's commit dies right after its metadata deltacommit is in place.
    StartedInstant started = ours.transaction().start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> stats = ours.writeUpserts(started, TripsData.batch(1, 20, 30));
    String t = started.instantTime().value();
    Configuration conf = new Configuration();
    Fault.on(id, Operation.IN_PLACE, METADATA_DELTA_COMMIT)
        .crash()
        .configuration()
        .forEach(conf::set);
    FileSystem faulty = FileSystem.get(URI.create("file:///"), conf);
    WriteTransaction dying = WriteTransaction.on(conf, faulty, paths).build();
    String schema = TripsData.SCHEMA.toString();
    assertThrows(
        InjectedCrash.class, () -> dying.commit(started, OperationType.UPSERT, schema, stats));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), equalTo(List.of(c1)));
    assertThat(completedMetadataDeltaCommits(base), hasItem(t));
    List<String> firstAttempt = metadataLogFilesOf(base, t);
    assertThat(firstAttempt, hasSize(1));
    // Readers skip the block of the pending data instant.
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    // The commit step runs again: T commits, with one metadata deltacommit.
    assertThat(
        ours.transaction().commit(started, OperationType.UPSERT, schema, stats),
        is(CommitOutcome.COMMITTED));
    put(expected, TripsData.batch(1, 20, 30));
    assertThat(reader.completedInstantTimes(), equalTo(List.of(c1, t)));
    assertThat(completedMetadataDeltaCommits(base), hasItem(t));
    List<String> retried = metadataLogFilesOf(base, t);
    assertThat("one log file holds T's block", retried, hasSize(1));
    assertThat(
        "the first attempt's was deleted first: the retry's takes its log version",
        retried,
        equalTo(firstAttempt));
    assertThat(new File(base, ".hoodie/.temp/" + t).exists(), is(false));
    assertThat(
        "the log files T's metadata deltacommit names (Hudi parses it) are on disk",
        missingLogFilesNamedBy(base, t),
        is(empty()));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    // Hudi's writer continues on this metadata table, without initialising it anew.
    HudiReference.trips(base).metadataTable(true).open().upsert(TripsData.batch(2, 0, 10));
    put(expected, TripsData.batch(2, 0, 10));
    assertThat(initialisationInstants(base), equalTo(initialisations));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
    assertThat(HudiTableReader.of(base).completedInstantTimes(), hasSize(3));
  }

  /**
   * The log files that the write stats of metadata deltacommit {@code t} name (Hudi's {@code
   * HoodieDeltaWriteStat.logFiles}) and that are not in their partition's folder.
   */
  private static List<String> missingLogFilesNamedBy(String base, String t) throws Exception {
    HoodieTableMetaClient meta =
        HoodieTableMetaClient.builder()
            .setConf(new HadoopStorageConfiguration(new Configuration()))
            .setBasePath(base + "/.hoodie/metadata")
            .build();
    HoodieInstant instant =
        meta
            .getActiveTimeline()
            .getDeltaCommitTimeline()
            .filterCompletedInstants()
            .getInstants()
            .stream()
            .filter(i -> i.getTimestamp().equals(t))
            .findFirst()
            .orElseThrow();
    // Hudi keeps a deltacommit's log files in its JSON write stats (HoodieDeltaWriteStat).
    JsonNode metadata =
        new ObjectMapper().readTree(meta.getActiveTimeline().getInstantDetails(instant).get());
    List<String> missing = new ArrayList<>();
    for (JsonNode stats : metadata.get("partitionToWriteStats")) {
      for (JsonNode stat : stats) {
        String partition = stat.get("partitionPath").asText();
        for (JsonNode log : stat.get("logFiles")) {
          if (!new File(base + "/.hoodie/metadata/" + partition, log.asText()).exists()) {
            missing.add(log.asText());
          }
        }
      }
    }
    return missing;
  }

  /** The {@code files} partition's log files holding a block of instant {@code t}. */
  private static List<String> metadataLogFilesOf(String base, String t) throws Exception {
    Configuration conf = new Configuration();
    List<String> out = new ArrayList<>();
    File[] files = new File(base, ".hoodie/metadata/files").listFiles();
    for (File f : files) {
      if (!f.getName().contains(".log.") || f.getName().endsWith(".crc")) {
        continue;
      }
      for (LogBlock block : LogFileReader.readAll(conf, new Path(f.toURI()))) {
        if (block.header(HeaderKey.INSTANT_TIME).orElse("").equals(t)) {
          out.add(f.getName());
          break;
        }
      }
    }
    out.sort(null);
    return out;
  }

  private static void put(Map<String, GenericRecord> expected, List<GenericRecord> batch) {
    for (GenericRecord r : batch) {
      expected.put(r.get(TripsData.RECORD_KEY_FIELD).toString(), r);
    }
  }
}
