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
package io.hudibeam.transforms.index;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.index.KeyRange;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.instant.StartInstant;
import io.hudibeam.transforms.instant.StartSpec;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.TableRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.hudi.common.model.FileSlice;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The index's listing of the latest base files, on a table Hudi's Java client wrote in two commits
 * (so several file groups have two versions): the files listed are exactly the latest base files
 * Hudi's own file-system view gives for the partitions the records touch (every partition for a
 * global index), and they are listed in one call however many partitions and bundles the records
 * span.
 */
public class LatestBaseFilesTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Built once for the class by Hudi's client; each test starts an instant on a copy. */
  @ClassRule public static TemporaryFolder fixtures = new TemporaryFolder();

  private static String writtenByHudi;

  /** A table of 80 trips over 8 cities, half of them updated by a second commit. */
  @BeforeClass
  public static void writeTable() throws Exception {
    writtenByHudi = fixtures.newFolder("trips").getAbsolutePath();
    HudiReference hudi = HudiReference.trips(writtenByHudi).create();
    hudi.insert(TripsData.batch(0, 0, 80));
    hudi.upsert(TripsData.batch(1, 0, 40));
  }

  private String tableWrittenByHudi() {
    return TableFiles.copy(writtenByHudi, tmp.getRoot().toPath().resolve("trips"));
  }

  /**
   * Hudi's latest base files of the given partitions, as partition/file name, each followed by the
   * incoming key range its partition maps to.
   */
  private static List<String> hudiLatestBaseFiles(String base, Map<String, KeyRange> partitions) {
    List<String> files = new ArrayList<>();
    for (FileSlice slice : HudiTableReader.of(base).latestFileSlices()) {
      KeyRange range = partitions.get(slice.getPartitionPath());
      if (range != null && slice.getBaseFile().isPresent()) {
        files.add(
            slice.getPartitionPath() + "/" + slice.getBaseFile().get().getFileName() + " " + range);
      }
    }
    return files;
  }

  /** Upserts of keys 0, 1, ... in their cities, one Create element each (several bundles). */
  private static List<TableRecord> upserts(long... indexes) {
    List<TableRecord> records = new ArrayList<>();
    for (long i : indexes) {
      records.add(TableRecord.upsert(TripsData.key(i), TripsData.city(i), TripsData.record(2, i)));
    }
    return records;
  }

  private PCollection<String> listed(
      WriteSpec spec, List<TableRecord> records, LatestBaseFiles.Scope scope) {
    PCollectionView<StartedInstant> started =
        pipeline.apply("Start", new StartInstant(StartSpec.of(spec)));
    return pipeline
        .apply(Create.of(records).withCoder(TableRecordCoder.of(spec.schema())))
        .apply(new LatestBaseFiles(IndexSpec.of(spec), started, scope))
        .apply(
            MapElements.into(TypeDescriptors.strings())
                .via(
                    (KV<BaseFile, KeyRange> f) ->
                        f.getKey().partitionPath()
                            + "/"
                            + f.getKey().name().value()
                            + " "
                            + f.getValue()));
  }

  /** Runs the pipeline; returns how many times the latest base files were listed. */
  private long runAndCountListings() {
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();
    return TagLocationsTest.counter(result, "latestBaseFileListings");
  }

  @Test
  public void listsTheLatestBaseFilesOfTheTouchedPartitionsOnce() throws Exception {
    String base = tableWrittenByHudi();
    // Keys 1, 9, 17 are in one city, 2 and 10 in another; 3 of them were updated by Hudi's upsert.
    List<TableRecord> records = upserts(1, 9, 17, 2, 10, 50);
    Set<String> touched =
        records.stream().map(TableRecord::partitionPath).collect(Collectors.toSet());
    assertThat(touched, hasSize(2));
    // Each file comes with the range of its partition's incoming keys (key 50 is in key 2's city).
    List<String> expected =
        hudiLatestBaseFiles(
            base,
            Map.of(
                TripsData.city(1), new KeyRange(TripsData.key(1), TripsData.key(17)),
                TripsData.city(2), new KeyRange(TripsData.key(2), TripsData.key(50))));

    PAssert.that(
            listed(
                TagLocationsTest.upsertSpec(base, IndexType.SIMPLE),
                records,
                LatestBaseFiles.Scope.TOUCHED_PARTITIONS))
        .containsInAnyOrder(expected);
    assertThat(runAndCountListings(), is(1L));
  }

  @Test
  public void listsEveryPartitionForAGlobalIndexOnce() throws Exception {
    String base = tableWrittenByHudi();
    // Every file comes with the range of all incoming keys, whatever their partitions.
    KeyRange incoming = new KeyRange(TripsData.key(1), TripsData.key(2));
    List<String> expected =
        hudiLatestBaseFiles(
            base, TripsData.CITIES.stream().collect(Collectors.toMap(c -> c, c -> incoming)));

    PAssert.that(
            listed(
                TagLocationsTest.upsertSpec(base, IndexType.GLOBAL_SIMPLE),
                upserts(1, 2),
                LatestBaseFiles.Scope.ALL_PARTITIONS))
        .containsInAnyOrder(expected);
    assertThat(runAndCountListings(), is(1L));
  }

  /** No records, no listing: the step derives from the records, not from an Impulse. */
  @Test
  public void listsNothingForNoRecords() throws Exception {
    String base = tableWrittenByHudi();

    PAssert.that(
            listed(
                TagLocationsTest.upsertSpec(base, IndexType.GLOBAL_SIMPLE),
                List.of(),
                LatestBaseFiles.Scope.ALL_PARTITIONS))
        .empty();
    assertThat(runAndCountListings(), is(0L));
  }
}
