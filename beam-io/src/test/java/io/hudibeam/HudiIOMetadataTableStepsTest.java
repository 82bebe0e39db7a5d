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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PValue;
import org.junit.Test;

/**
 * The metadata table changes no step of the write (issue #35): with {@code hoodie.metadata.enable}
 * true and false, HudiIO.write() builds the same steps, each with the same side inputs and output
 * coders. On Flink's batch translation a side input, an extra step or another coder decides which
 * steps are chained and which records cross an operator boundary encoded (issue #41 lost a quarter
 * of bulk_insert's time so); the metadata table's work (its listing in the planning steps, its
 * initialisation at the start, its deltacommit at the commit) stays inside the steps both settings
 * have. The pipelines are only built, not run.
 */
public class HudiIOMetadataTableStepsTest {
  private static final String WRITE = "Write trips";

  private static Pipeline expand(WriteOperation operation, IndexType index, boolean metadataTable) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(TripsRows.batch(0, 0, 1)).withRowSchema(TripsRows.SCHEMA))
        .apply(
            WRITE,
            HudiIO.write()
                .withBasePath("/never-written/trips")
                .withTableName("trips")
                .withRecordKeyFields("uuid")
                .withPartitionFields("city")
                .withOrderingField("ts")
                .withOperation(operation)
                .withIndex(index)
                .withHoodieProperties(
                    Map.of("hoodie.metadata.enable", String.valueOf(metadataTable))));
    return p;
  }

  /**
   * Every step of the write, all levels, in graph order: its name, its side inputs and its outputs'
   * coders (by class, which decides the encoding).
   */
  private static List<String> graph(Pipeline p) {
    List<String> steps = new ArrayList<>();
    HudiIOTesting.forEachStep(
        p,
        node -> {
          if (!node.getFullName().startsWith(WRITE + "/")) {
            return;
          }
          String sideInputs =
              node.getTransform() == null
                  ? ""
                  : node.getTransform().getAdditionalInputs().values().stream()
                      .map(PValue::getName)
                      .sorted()
                      .collect(Collectors.joining(", "));
          String coders =
              node.getOutputs().values().stream()
                  .map(v -> ((PCollection<?>) v).getCoder().getClass().getName())
                  .sorted()
                  .collect(Collectors.joining(", "));
          steps.add(
              node.getFullName().substring(WRITE.length() + 1)
                  + " | side inputs: "
                  + sideInputs
                  + " | coders: "
                  + coders);
        });
    return steps;
  }

  @Test
  public void theMetadataTableChangesNoStepSideInputOrCoder() {
    for (WriteOperation operation : WriteOperation.values()) {
      for (IndexType index : IndexType.values()) {
        if (!buildable(operation, index)) {
          continue;
        }
        List<String> off = graph(expand(operation, index, false));
        List<String> on = graph(expand(operation, index, true));
        assertThat(operation + " " + index, on, is(off));
      }
    }
  }

  /**
   * The comparison sees what decides Flink's chaining: "Generate keys" (the step issue #41
   * unchained by a side input) reads none, and the upsert's routing reads the plan as one.
   */
  @Test
  public void theComparisonSeesSideInputs() {
    for (boolean metadataTable : List.of(false, true)) {
      List<String> upsert = graph(expand(WriteOperation.UPSERT, IndexType.SIMPLE, metadataTable));
      assertThat(
          upsert,
          hasItem(
              "Prepare records/Generate keys/ParMultiDo(GenerateKeys) | side inputs:  | coders: "
                  + TableRecordCoder.class.getName()));
      assertThat(
          upsert.stream()
              .filter(step -> step.startsWith("Assign buckets/Route/ParMultiDo(Route) |"))
              .collect(Collectors.toList()),
          contains(containsString("side inputs: " + WRITE + "/Profile workload/As side input/")));
    }
  }

  private static boolean buildable(WriteOperation operation, IndexType index) {
    return !(operation == WriteOperation.BULK_INSERT && index == IndexType.BUCKET);
  }
}
