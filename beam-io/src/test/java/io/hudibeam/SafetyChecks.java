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

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieFileGroup;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;

/**
 * Pipelines and table inspections shared by the safety tests; table facts come from Hudi's classes.
 */
final class SafetyChecks {
  private SafetyChecks() {}

  /** The trips table as every safety test writes it. */
  static HudiIO.Write<Row> trips(String base, WriteOperation operation) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withOperation(operation);
  }

  static void run(List<Row> rows, HudiIO.Write<Row> write) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(rows).withRowSchema(TripsRows.SCHEMA)).apply(write);
    p.run().waitUntilFinish();
  }

  /**
   * Trips of batch {@code b} for indexes {@code 8n}, n in [from, from + count): all in
   * san_francisco.
   */
  static List<Row> sanFrancisco(long b, long from, long count) {
    List<Row> rows = new ArrayList<>();
    for (long n = from; n < from + count; n++) {
      rows.add(TripsRows.row(b, n * 8));
    }
    return rows;
  }

  /** The relative paths named by the write stats of every completed commit, read by Hudi. */
  static TreeSet<String> committedFiles(HudiTableReader reader) {
    TreeSet<String> out = new TreeSet<>();
    for (HoodieCommitMetadata metadata : commitMetadata(reader).values()) {
      for (HoodieWriteStat stat : metadata.getWriteStats()) {
        out.add(stat.getPath());
      }
    }
    return out;
  }

  /** Commit metadata of every completed commit, by instant time, parsed by Hudi. */
  static TreeMap<String, HoodieCommitMetadata> commitMetadata(HudiTableReader reader) {
    HoodieTableMetaClient meta = reader.metaClient();
    HoodieTimeline commits = meta.getCommitsTimeline().filterCompletedInstants();
    TreeMap<String, HoodieCommitMetadata> out = new TreeMap<>();
    for (HoodieInstant instant : commits.getInstants()) {
      try {
        out.put(
            instant.getTimestamp(),
            HoodieCommitMetadata.fromBytes(
                commits.getInstantDetails(instant).get(), HoodieCommitMetadata.class));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  /**
   * The workload profile saved in {@code <instant>.inflight}, read by Hudi: planned inserts per
   * file id of a partition (the partition-wide entry with an empty file id left out).
   */
  static TreeMap<String, Long> plannedInserts(
      HudiTableReader reader, String instant, String partition) {
    HoodieTableMetaClient meta = reader.metaClient();
    HoodieInstant inflight =
        new HoodieInstant(HoodieInstant.State.INFLIGHT, HoodieTimeline.COMMIT_ACTION, instant);
    TreeMap<String, Long> out = new TreeMap<>();
    try {
      HoodieCommitMetadata metadata =
          HoodieCommitMetadata.fromBytes(
              meta.getActiveTimeline().getInstantDetails(inflight).get(),
              HoodieCommitMetadata.class);
      for (HoodieWriteStat stat : metadata.getPartitionToWriteStats().get(partition)) {
        if (!stat.getFileId().isEmpty()) {
          out.put(stat.getFileId(), stat.getNumInserts());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /**
   * Hudi's file system view of a partition: file id → base instant times of all its file slices,
   * oldest first.
   */
  static TreeMap<String, List<String>> fileSliceTimes(HudiTableReader reader, String partition) {
    HoodieTableMetaClient meta = reader.metaClient();
    HoodieTableFileSystemView view =
        new HoodieTableFileSystemView(meta, meta.getCommitsTimeline().filterCompletedInstants());
    TreeMap<String, List<String>> out = new TreeMap<>();
    try {
      view.getAllFileGroups(partition)
          .forEach(
              (HoodieFileGroup group) -> {
                List<String> times =
                    group
                        .getAllFileSlices()
                        .map(FileSlice::getBaseInstantTime)
                        .sorted()
                        .collect(Collectors.toList());
                out.put(group.getFileGroupId().getFileId(), times);
              });
    } finally {
      view.close();
    }
    return out;
  }

  /** The latest base file size of each file group of a partition, by file id, from Hudi's view. */
  static TreeMap<String, Long> latestSizes(HudiTableReader reader, String partition) {
    TreeMap<String, Long> out = new TreeMap<>();
    for (FileSlice slice : reader.latestFileSlices()) {
      if (slice.getPartitionPath().equals(partition)) {
        out.put(slice.getFileId(), slice.getBaseFile().get().getFileSize());
      }
    }
    return out;
  }

  static Map<String, String> smallBloomFilter() {
    // Hudi's default bloom filter (60000 entries, fpp 1e-9) adds ~440 KB to every base file, which
    // would swamp sizes of a few KB; a small one keeps file size proportional to the records.
    return Map.of(
        "hoodie.bloom.index.filter.type", "SIMPLE",
        "hoodie.index.bloom.num_entries", "1000",
        "hoodie.index.bloom.fpp", "0.001");
  }
}
