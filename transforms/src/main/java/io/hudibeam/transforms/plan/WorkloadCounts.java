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
package io.hudibeam.transforms.plan;

import io.hudibeam.files.FileId;
import io.hudibeam.transforms.coders.WorkloadProfileCoder;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.write.WorkloadProfile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CoderRegistry;
import org.apache.beam.sdk.coders.SortedMapCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;

/**
 * Stage 4's counting, for {@link PlanWrite}: inserts per partition and updates per file group,
 * counted per bundle and window ({@link CountFn}) and added into the workload profile ({@link
 * ProfileFn}, Hudi's WorkloadProfile).
 */
final class WorkloadCounts {
  private WorkloadCounts() {}

  /**
   * Mutable counts: inserts per partition, updates per file group (by file id value). Counted in
   * memory per bundle, so the combine that follows sees one element per bundle, not one per record
   * (on Flink, a combine of the records would copy every record into its sort buffer). A record
   * over mutable maps: the combine's accumulator adds into them in place.
   */
  record Counts(Map<String, Long> inserts, Map<String, Map<String, Long>> updates) {

    Counts() {
      this(new HashMap<>(), new HashMap<>());
    }

    void add(TaggedRecord tagged) {
      String partition = tagged.record().partitionPath();
      if (tagged.location().isPresent()) {
        updates
            .computeIfAbsent(partition, p -> new HashMap<>())
            .merge(tagged.location().get().fileId().value(), 1L, Long::sum);
      } else if (!tagged.record().isDelete()) {
        inserts.merge(partition, 1L, Long::sum);
      }
    }

    void addAll(Counts other) {
      other.inserts.forEach((p, n) -> inserts.merge(p, n, Long::sum));
      other.updates.forEach(
          (p, m) ->
              m.forEach(
                  (f, n) ->
                      updates.computeIfAbsent(p, x -> new HashMap<>()).merge(f, n, Long::sum)));
    }

    boolean isEmpty() {
      return inserts.isEmpty() && updates.isEmpty();
    }
  }

  /**
   * Deterministic coder of {@link Counts} (the input and the accumulator of the profile combine):
   * the inserts per partition, then the updates per partition and file id, each in key order.
   */
  static final class CountsCoder extends AtomicCoder<Counts> {
    private static final CountsCoder INSTANCE = new CountsCoder();
    private static final SortedMapCoder<String, Long> PER_KEY =
        SortedMapCoder.of(StringUtf8Coder.of(), VarLongCoder.of());
    private static final SortedMapCoder<String, SortedMap<String, Long>> PER_PARTITION =
        SortedMapCoder.of(StringUtf8Coder.of(), PER_KEY);

    static CountsCoder of() {
      return INSTANCE;
    }

    @Override
    public void encode(Counts value, OutputStream out) throws IOException {
      PER_KEY.encode(new TreeMap<>(value.inserts()), out);
      SortedMap<String, SortedMap<String, Long>> updates = new TreeMap<>();
      value.updates().forEach((partition, files) -> updates.put(partition, new TreeMap<>(files)));
      PER_PARTITION.encode(updates, out);
    }

    @Override
    public Counts decode(InputStream in) throws IOException {
      Counts counts = new Counts();
      counts.inserts().putAll(PER_KEY.decode(in));
      PER_PARTITION
          .decode(in)
          .forEach((partition, files) -> counts.updates().put(partition, new HashMap<>(files)));
      return counts;
    }

    @Override
    public void verifyDeterministic() {}
  }

  /**
   * Counts the tagged records of a bundle per window (the global window of a batch write, a commit
   * interval of a streaming one); outputs each window's counts when the bundle finishes.
   */
  static final class CountFn extends DoFn<TaggedRecord, Counts> {
    private static final long serialVersionUID = 1L;
    private transient Map<BoundedWindow, Counts> counts;

    @StartBundle
    public void startBundle() {
      counts = new HashMap<>();
    }

    @ProcessElement
    public void process(@Element TaggedRecord tagged, BoundedWindow window) {
      counts.computeIfAbsent(window, w -> new Counts()).add(tagged);
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      counts.forEach(
          (window, c) -> {
            if (!c.isEmpty()) {
              context.output(c, window.maxTimestamp(), window);
            }
          });
      counts = null;
    }
  }

  /** Adds the bundles' counts into the workload profile. */
  static final class ProfileFn extends Combine.CombineFn<Counts, Counts, WorkloadProfile> {
    private static final long serialVersionUID = 1L;

    @Override
    public Coder<Counts> getAccumulatorCoder(CoderRegistry registry, Coder<Counts> inputCoder) {
      return CountsCoder.of();
    }

    @Override
    public Coder<WorkloadProfile> getDefaultOutputCoder(
        CoderRegistry registry, Coder<Counts> inputCoder) {
      return WorkloadProfileCoder.of();
    }

    @Override
    public Counts createAccumulator() {
      return new Counts();
    }

    @Override
    public Counts addInput(Counts accumulator, Counts bundle) {
      accumulator.addAll(bundle);
      return accumulator;
    }

    @Override
    public Counts mergeAccumulators(Iterable<Counts> all) {
      Counts merged = new Counts();
      all.forEach(merged::addAll);
      return merged;
    }

    @Override
    public WorkloadProfile extractOutput(Counts counts) {
      Map<String, WorkloadProfile.PartitionWorkload> partitions = new TreeMap<>();
      Set<String> names = new TreeSet<>(counts.inserts.keySet());
      names.addAll(counts.updates.keySet());
      for (String partition : names) {
        Map<FileId, Long> updates = new TreeMap<>();
        counts
            .updates
            .getOrDefault(partition, Map.of())
            .forEach((f, n) -> updates.put(FileId.parse(f), n));
        partitions.put(
            partition,
            WorkloadProfile.PartitionWorkload.of(
                counts.inserts.getOrDefault(partition, 0L), updates));
      }
      return WorkloadProfile.of(partitions);
    }
  }
}
