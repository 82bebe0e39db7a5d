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
package io.hudibeam.transforms.write;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.transforms.TripsSpecs;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.coders.StartedInstantCoder;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.commit.CommitSpec;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hudi.common.model.FileSlice;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The bulk_insert writer alone ({@link BulkInsertFiles}), committed by the batch commit step: more
 * partitions than it keeps files open ({@value BulkInsertFiles#MAX_OPEN_FILES}) and partitions
 * larger than the max file size; deletes in the input write nothing. Hudi's reader returns every
 * inserted row exactly once, with its values; each stat names a file group of its own; no base file
 * outgrows the max file size; interleaved partitions beyond the open-file limit are closed and
 * reopened as new file groups. Rolling over within one bundle is {@code RollingCreateHandleTest}'s.
 */
public class BulkInsertFilesTest {
  private static final long MAX_FILE_SIZE = 32 * 1024;
  private static final int LARGE_PARTITIONS = 2;
  private static final int LARGE_PARTITION_RECORDS = 1_500;
  private static final int SMALL_PARTITIONS = BulkInsertFiles.MAX_OPEN_FILES + 4;
  private static final int SMALL_PARTITION_RECORDS = 5;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private WriteSpec spec(String base) {
    return TripsSpecs.upsert(base)
        .operation(WriteOperation.BULK_INSERT)
        .writeProperties(Map.of("hoodie.parquet.max.file.size", String.valueOf(MAX_FILE_SIZE)))
        .build();
  }

  private static GenericRecord trip(long i, String city) {
    GenericData.Record r = new GenericData.Record(TripsData.SCHEMA);
    GenericRecord template = TripsData.record(0, i);
    for (org.apache.avro.Schema.Field f : TripsData.SCHEMA.getFields()) {
      r.put(f.name(), template.get(f.name()));
    }
    r.put("city", city);
    return r;
  }

  @Test
  public void writesEveryRecordOnceWithinTheMaxFileSizeAcrossMorePartitionsThanOpenFiles()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    List<TableRecord> input = new ArrayList<>();
    Map<String, GenericRecord> inserted = new HashMap<>();
    long i = 0;
    for (int p = 0; p < LARGE_PARTITIONS; p++) {
      for (int n = 0; n < LARGE_PARTITION_RECORDS; n++, i++) {
        GenericRecord trip = trip(i, "large-" + p);
        input.add(TableRecord.upsert(TripsData.key(i), "large-" + p, trip));
        inserted.put(TripsData.key(i), trip);
      }
    }
    for (int n = 0; n < SMALL_PARTITION_RECORDS; n++) {
      for (int p = 0; p < SMALL_PARTITIONS; p++, i++) {
        GenericRecord trip = trip(i, "small-" + p);
        input.add(TableRecord.upsert(TripsData.key(i), "small-" + p, trip));
        inserted.put(TripsData.key(i), trip);
      }
    }
    for (int n = 0; n < 10; n++, i++) {
      input.add(TableRecord.delete(TripsData.key(i), "small-0", trip(i, "small-0")));
    }

    StartedInstant started =
        LocalWrite.trips(base).transaction().start(LocalWrite.tripsTable(), Action.COMMIT);
    WriteSpec spec = spec(base);
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    PCollectionView<StartedInstant> startedView =
        p.apply("Started", Create.of(started).withCoder(StartedInstantCoder.of()))
            .apply(View.asSingleton());
    PCollection<WriteStat> stats =
        p.apply("Records", Create.of(input).withCoder(TableRecordCoder.of(TripsData.SCHEMA)))
            .apply(new BulkInsertFiles(FilesSpec.of(spec), startedView));
    PCollection<CommittedInstant> committed =
        stats.apply(new CommitInstant(CommitSpec.of(spec), startedView));
    PAssert.thatSingleton(committed.apply(Count.globally())).isEqualTo(1L);
    PAssert.that(stats).satisfies(new EveryInsertOnce(inserted.size()));
    p.run().waitUntilFinish();

    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), is(List.of(started.instantTime().value())));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(inserted.size()));
    for (Map.Entry<String, GenericRecord> e : inserted.entrySet()) {
      GenericRecord row = rows.get(e.getKey());
      for (String field : List.of("uuid", "ts", "rider", "fare", "city")) {
        assertThat(
            e.getKey() + "." + field,
            String.valueOf(row.get(field)),
            is(String.valueOf(e.getValue().get(field))));
      }
      assertThat(String.valueOf(row.get("_hoodie_partition_path")), is(e.getValue().get("city")));
    }
    Map<String, Integer> fileGroups = new HashMap<>();
    for (FileSlice slice : reader.latestFileSlices()) {
      fileGroups.merge(slice.getPartitionPath(), 1, Integer::sum);
      long size = slice.getBaseFile().get().getFileSize();
      assertThat(slice + " is within the max file size", size, lessThan(MAX_FILE_SIZE));
    }
    assertThat(fileGroups.size(), is(LARGE_PARTITIONS + SMALL_PARTITIONS));
    // A bundle writes its own file groups, and so does each stretch of a partition's records
    // between two evictions: with more partitions interleaved than open files, every small
    // partition's record landed in a file group of its own, however the runner split bundles.
    for (int q = 0; q < SMALL_PARTITIONS; q++) {
      assertThat(fileGroups.get("small-" + q), is(SMALL_PARTITION_RECORDS));
    }
  }

  /** Every stat is a new file of distinct file id, and the stats' inserts add up to the input's. */
  private static final class EveryInsertOnce
      implements SerializableFunction<Iterable<WriteStat>, Void> {
    private static final long serialVersionUID = 1L;
    private final long inserts;

    EveryInsertOnce(long inserts) {
      this.inserts = inserts;
    }

    @Override
    public Void apply(Iterable<WriteStat> stats) {
      long sum = 0;
      Set<String> fileIds = new HashSet<>();
      for (WriteStat stat : stats) {
        sum += stat.numInserts();
        assertThat("file id written twice: " + stat, fileIds.add(stat.fileId()), is(true));
        assertThat(stat.numUpdateWrites(), is(0L));
      }
      assertThat(sum, is(inserts));
      return null;
    }
  }
}
