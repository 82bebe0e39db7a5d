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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.files.FileId;
import io.hudibeam.write.WorkloadProfile;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.testing.CoderProperties;
import org.apache.beam.sdk.util.CoderUtils;
import org.junit.Test;

/**
 * {@link WorkloadCounts.CountsCoder}, the coder of the profile combine's input and accumulator:
 * serializable, deterministic, round trip, and equal counts filled in different orders encode to
 * the same bytes; the combine's accumulator and output coders are the deterministic ones.
 */
public class CountsCoderTest {
  private static final String FILE_A =
      FileId.of(UUID.fromString("2f1e6e1c-6d43-4c5e-9a2b-0d7f1c3e5a6b"), 0).value();
  private static final String FILE_B =
      FileId.of(UUID.fromString("2f1e6e1c-6d43-4c5e-9a2b-0d7f1c3e5a6b"), 1).value();

  /** Counts over insertion-ordered maps, so that the order the keys were added in shows. */
  private static WorkloadCounts.Counts counts(String[] partitions, String[] files) {
    WorkloadCounts.Counts counts =
        new WorkloadCounts.Counts(new LinkedHashMap<>(), new LinkedHashMap<>());
    for (String partition : partitions) {
      counts.inserts().merge(partition, 3L, Long::sum);
      for (String file : files) {
        counts
            .updates()
            .computeIfAbsent(partition, p -> new LinkedHashMap<>())
            .merge(file, 2L, Long::sum);
      }
    }
    return counts;
  }

  @Test
  public void roundTripAndDeterminism() throws Exception {
    WorkloadCounts.CountsCoder coder = WorkloadCounts.CountsCoder.of();
    CoderProperties.coderSerializable(coder);
    coder.verifyDeterministic();
    String[] partitions = new String[40];
    String[] reversed = new String[40];
    for (int i = 0; i < 40; i++) {
      partitions[i] = "city=" + i;
      reversed[39 - i] = "city=" + i;
    }
    WorkloadCounts.Counts many = counts(partitions, new String[] {FILE_A, FILE_B});
    WorkloadCounts.Counts manyReversed = counts(reversed, new String[] {FILE_B, FILE_A});
    WorkloadCounts.Counts insertsOnly = new WorkloadCounts.Counts();
    insertsOnly.inserts().put("", 1L);
    for (WorkloadCounts.Counts value :
        new WorkloadCounts.Counts[] {new WorkloadCounts.Counts(), insertsOnly, many}) {
      CoderProperties.coderDecodeEncodeEqual(coder, value);
      CoderProperties.coderDeterministic(coder, value, value);
    }
    assertThat(many, is(manyReversed));
    assertThat(many.inserts().keySet().iterator().next(), is("city=0"));
    assertThat(manyReversed.inserts().keySet().iterator().next(), is("city=39"));
    CoderProperties.coderDeterministic(coder, many, manyReversed);

    // A decoded accumulator still adds in place.
    WorkloadCounts.Counts decoded = CoderUtils.clone(coder, many);
    decoded.addAll(insertsOnly);
    assertThat(decoded.inserts().get(""), is(1L));
    assertThat(decoded.updates().get("city=7"), is(Map.of(FILE_A, 2L, FILE_B, 2L)));
  }

  @Test
  public void theProfileCombineUsesTheDeterministicCoders() throws Exception {
    WorkloadCounts.ProfileFn fn = new WorkloadCounts.ProfileFn();
    Coder<WorkloadCounts.Counts> accumulator =
        fn.getAccumulatorCoder(null, WorkloadCounts.CountsCoder.of());
    Coder<WorkloadProfile> output = fn.getDefaultOutputCoder(null, WorkloadCounts.CountsCoder.of());
    accumulator.verifyDeterministic();
    output.verifyDeterministic();
    assertThat(accumulator, is(WorkloadCounts.CountsCoder.of()));

    WorkloadCounts.Counts merged =
        fn.mergeAccumulators(
            java.util.List.of(
                counts(new String[] {"a"}, new String[] {FILE_A}),
                CoderUtils.clone(
                    accumulator, counts(new String[] {"a", "b"}, new String[] {FILE_A}))));
    WorkloadProfile profile = CoderUtils.clone(output, fn.extractOutput(merged));
    assertThat(profile.partition("a").inserts(), is(6L));
    assertThat(profile.partition("a").updates().get(FileId.parse(FILE_A)), is(4L));
    assertThat(profile.partition("b").inserts(), is(3L));
  }
}
