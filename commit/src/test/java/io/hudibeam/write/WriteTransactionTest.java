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
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The write transaction's steps on their own: its file group writer picks the concat handle for an
 * insert into a stored file group (stored records kept, the incoming ones appended, a key written
 * again kept twice, as Hudi's insert does) and the merge handle for an upsert (the stored record
 * replaced); its commit is idempotent. Hudi's reader reads each commit row by row.
 */
public class WriteTransactionTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;
  private WriteTransaction transaction;

  @Before
  public void setUp() throws Exception {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.newFolder("trips").getAbsolutePath());
    transaction = WriteTransaction.on(conf, fs, paths).build();
  }

  /**
   * Trips {@code 8n + city} for n in [0, 4): four trips of one city, as batch {@code b} writes
   * them.
   */
  private static List<GenericRecord> fourOfCity(int city, long b) {
    List<GenericRecord> out = new ArrayList<>();
    for (long n = 0; n < 4; n++) {
      out.add(TripsData.record(b, 8 * n + city));
    }
    return out;
  }

  private BaseFile storedFileOf(int city) {
    List<BaseFile> files =
        FileSystemView.load(fs, paths, Timeline.load(fs, paths))
            .latestBaseFiles(TripsData.city(city));
    assertThat(files.size(), is(1));
    return files.get(0);
  }

  private static TableRecord upsert(long b, long i) {
    return TableRecord.upsert(TripsData.key(i), TripsData.city(i), TripsData.record(b, i));
  }

  private FileGroupWriter writer(StartedInstant started, WriteOperation operation) {
    return transaction
        .fileGroupWriter(started)
        .schema(TripsData.SCHEMA)
        .orderingField(OrderingField.of(TripsData.ORDERING_FIELD))
        .writeToken(WriteToken.of(0, 1, 0))
        .operation(operation)
        .build();
  }

  /** Hudi's snapshot of one city as "key batch-ts commit" lines. */
  private List<String> hudiRowsOf(int city) {
    return HudiTableReader.of(paths.basePathString()).snapshot().stream()
        .filter(
            r -> HudiTableReader.string(r, "_hoodie_partition_path").equals(TripsData.city(city)))
        .map(
            r ->
                HudiTableReader.string(r, "_hoodie_record_key")
                    + " "
                    + r.get("ts")
                    + " "
                    + HudiTableReader.string(r, "_hoodie_commit_time"))
        .collect(Collectors.toList());
  }

  @Test
  public void anInsertConcatsAnUpsertMergesAndACommitIsIdempotent() {
    List<GenericRecord> first = new ArrayList<>(fourOfCity(0, 0));
    first.addAll(fourOfCity(1, 0));
    String c1 = LocalWrite.trips(paths.basePathString()).insert(first);

    // An insert of key 0 again and of a new key 32 into city 0's stored file group: concat.
    StartedInstant c2 = transaction.start(LocalWrite.tripsTable(), Action.COMMIT);
    BaseFile stored = storedFileOf(0);
    WriteStat inserted =
        writer(c2, WriteOperation.INSERT)
            .write(Bucket.existing(stored), List.of(upsert(1, 0), upsert(1, 32)));
    assertThat(inserted.fileId(), is(stored.name().fileId().value()));
    String schema = TripsData.SCHEMA.toString();
    assertThat(
        transaction.commit(c2, OperationType.INSERT, schema, List.of(inserted)),
        is(CommitOutcome.COMMITTED));
    assertThat(
        transaction.commit(c2, OperationType.INSERT, schema, List.of(inserted)),
        is(CommitOutcome.ALREADY_COMMITTED));
    String t2 = c2.instantTime().value();
    assertThat(
        hudiRowsOf(0),
        containsInAnyOrder(
            TripsData.key(0) + " " + TripsData.ts(0, 0) + " " + c1,
            TripsData.key(8) + " " + TripsData.ts(0, 8) + " " + c1,
            TripsData.key(16) + " " + TripsData.ts(0, 16) + " " + c1,
            TripsData.key(24) + " " + TripsData.ts(0, 24) + " " + c1,
            TripsData.key(0) + " " + TripsData.ts(1, 0) + " " + t2,
            TripsData.key(32) + " " + TripsData.ts(1, 32) + " " + t2));

    // An upsert of key 9 into city 1's stored file group: merge.
    StartedInstant c3 = transaction.start(LocalWrite.tripsTable(), Action.COMMIT);
    WriteStat merged =
        writer(c3, WriteOperation.UPSERT)
            .write(Bucket.existing(storedFileOf(1)), List.of(upsert(2, 9)));
    assertThat(
        transaction.commit(c3, OperationType.UPSERT, schema, List.of(merged)),
        is(CommitOutcome.COMMITTED));
    String t3 = c3.instantTime().value();
    assertThat(
        hudiRowsOf(1),
        containsInAnyOrder(
            TripsData.key(1) + " " + TripsData.ts(0, 1) + " " + c1,
            TripsData.key(9) + " " + TripsData.ts(2, 9) + " " + t3,
            TripsData.key(17) + " " + TripsData.ts(0, 17) + " " + c1,
            TripsData.key(25) + " " + TripsData.ts(0, 25) + " " + c1));
    Map<String, GenericRecord> merged9 =
        HudiTableReader.byRecordKey(
            HudiTableReader.of(paths.basePathString()).incrementalSince(t2));
    assertThat(
        TripsData.values(merged9.get(TripsData.key(9))),
        is(TripsData.values(TripsData.record(2, 9))));
  }
}
