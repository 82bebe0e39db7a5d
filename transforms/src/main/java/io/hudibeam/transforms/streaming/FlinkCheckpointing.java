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
package io.hudibeam.transforms.streaming;

import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.values.PCollection;

/**
 * The FlinkRunner's checkpointing option, read without a dependency on the Flink runner: the same
 * property as {@code FlinkPipelineOptions.getCheckpointingInterval()}, so a pipeline's options
 * viewed through this interface give the value the user set. Public only because Beam's options
 * proxies require it; internal API.
 */
public interface FlinkCheckpointing extends PipelineOptions {
  @Description("Interval in milliseconds between Flink checkpoints; -1: checkpointing off")
  @Default.Long(-1L)
  Long getCheckpointingInterval();

  void setCheckpointingInterval(Long interval);

  @Description("Finish the current bundle before a Flink checkpoint; required by a HudiIO stream")
  @Default.Boolean(false)
  boolean getFinishBundleBeforeCheckpointing();

  void setFinishBundleBeforeCheckpointing(boolean value);

  /**
   * Refuses a streaming write on the FlinkRunner without checkpointing (its commit step is
   * {@code @RequiresStableInput}, which Flink honours only by releasing input at completed
   * checkpoints) or without {@code --finishBundleBeforeCheckpointing=true} (measured: without it
   * the stream stalled after its first interval).
   */
  static void check(PipelineOptions options) {
    if (!isFlinkRunner(options)) {
      return;
    }
    Long interval = options.as(FlinkCheckpointing.class).getCheckpointingInterval();
    if (interval == null || interval <= 0) {
      throw new IllegalArgumentException(
          "HudiIO.write() with withTriggeringFrequency (a streaming write) on the FlinkRunner needs"
              + " checkpointing: its commit step is @RequiresStableInput, which Flink honours only with"
              + " checkpoints. Set --checkpointingInterval=MILLIS (well below the commit interval), but it"
              + " was "
              + interval);
    }
    if (!options.as(FlinkCheckpointing.class).getFinishBundleBeforeCheckpointing()) {
      throw new IllegalArgumentException(
          "HudiIO.write() with withTriggeringFrequency (a streaming write) on the FlinkRunner needs"
              + " --finishBundleBeforeCheckpointing=true, so that each checkpoint carries the records"
              + " and write statistics of the bundles before it. Measured on Beam 2.70 with Flink"
              + " 1.19 without it: a stream's first interval took 22 s to commit and the next ones"
              + " were not committed within minutes.");
    }
  }

  /**
   * Refuses a streaming write over a bounded input on the FlinkRunner: a bounded input ends, and on
   * Flink a stream that ends with more than its last interval waiting cannot commit them (see
   * {@link CoordinateInstants}); Flink's bounded sources emit no watermark before their end, so
   * every interval waits until then.
   */
  static void checkInput(PipelineOptions options, PCollection.IsBounded input) {
    if (isFlinkRunner(options) && input == PCollection.IsBounded.BOUNDED) {
      throw new IllegalArgumentException(
          "HudiIO.write() with withTriggeringFrequency (a streaming write) over a bounded input is"
              + " refused on the FlinkRunner: the input ends, and on Flink the intervals still waiting"
              + " when a stream ends cannot be committed (the commit step commits only at completed"
              + " checkpoints, and no step can wait for them once the watermark is at the end of"
              + " time). Write a bounded input without withTriggeringFrequency (a batch write), or"
              + " stream from an unbounded source.");
    }
  }

  /** Whether the pipeline runs on Beam's (classic) FlinkRunner. */
  static boolean isFlinkRunner(PipelineOptions options) {
    return options.getRunner() != null && options.getRunner().getName().endsWith("FlinkRunner");
  }
}
