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
package io.hudibeam.runners;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertThrows;

import io.hudibeam.HudiIO;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.joda.time.Duration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A streaming write on the FlinkRunner needs checkpointing (its commit step is
 * {@code @RequiresStableInput}) and {@code --finishBundleBeforeCheckpointing=true}: refused at
 * construction without either, with a message naming the option; accepted with both. Construction
 * only, no job runs.
 */
public class FlinkStreamingSetupTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private PCollection<Row> stream(Pipeline p) {
    return p.apply(GenerateSequence.from(0).withRate(1, Duration.standardSeconds(1)))
        .apply(MapElements.into(TypeDescriptors.rows()).via((Long i) -> TripsRows.row(0, i)))
        .setRowSchema(TripsRows.SCHEMA);
  }

  private HudiIO.Write<Row> write() {
    return HudiIO.write()
        .withBasePath(tmp.getRoot().getPath())
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOperation(WriteOperation.INSERT)
        .withTriggeringFrequency(Duration.standardSeconds(10));
  }

  @Test
  public void aStreamingWriteWithoutCheckpointingIsRefusedNamingTheOption() {
    FlinkPipelineOptions options = FlinkRunnerWriteIT.flinkOptions(0);
    options.setStreaming(true);
    Pipeline p = Pipeline.create(options);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> stream(p).apply(write()));
    assertThat(e.getMessage(), containsString("--checkpointingInterval"));

    FlinkPipelineOptions checkpointed = FlinkRunnerWriteIT.flinkOptions(0);
    checkpointed.setStreaming(true);
    checkpointed.setCheckpointingInterval(1000L);
    Pipeline q = Pipeline.create(checkpointed);
    IllegalArgumentException noFinish =
        assertThrows(IllegalArgumentException.class, () -> stream(q).apply(write()));
    assertThat(noFinish.getMessage(), containsString("--finishBundleBeforeCheckpointing=true"));

    checkpointed.setFinishBundleBeforeCheckpointing(true);
    Pipeline r = Pipeline.create(checkpointed);
    stream(r).apply(write());
  }

  /**
   * A bounded input ends, and on Flink the intervals still waiting when a stream ends cannot be
   * committed (see FlinkRunnerStreamingIT): refused at construction, naming the option. The same
   * input without withTriggeringFrequency (a batch write) is accepted.
   */
  @Test
  public void aStreamingWriteOverABoundedInputIsRefusedOnFlink() {
    FlinkPipelineOptions options = FlinkRunnerWriteIT.flinkOptions(0);
    options.setStreaming(true);
    options.setCheckpointingInterval(1000L);
    options.setFinishBundleBeforeCheckpointing(true);
    Pipeline p = Pipeline.create(options);
    PCollection<Row> finite =
        p.apply(GenerateSequence.from(0).to(100).withRate(10, Duration.standardSeconds(1)))
            .apply(MapElements.into(TypeDescriptors.rows()).via((Long i) -> TripsRows.row(0, i)))
            .setRowSchema(TripsRows.SCHEMA);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> finite.apply(write()));
    assertThat(
        e.getMessage(), containsString("over a bounded input is refused on the FlinkRunner"));
    assertThat(e.getMessage(), containsString("without withTriggeringFrequency"));

    Pipeline q = Pipeline.create(options);
    q.apply(GenerateSequence.from(0).to(100))
        .apply(MapElements.into(TypeDescriptors.rows()).via((Long i) -> TripsRows.row(0, i)))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(
            HudiIO.write()
                .withBasePath(tmp.getRoot().getPath())
                .withTableName("trips")
                .withRecordKeyFields("uuid")
                .withPartitionFields("city")
                .withOperation(WriteOperation.INSERT));
  }
}
