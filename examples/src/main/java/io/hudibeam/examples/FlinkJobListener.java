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
package io.hudibeam.examples;

import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.beam.runners.core.metrics.MetricsContainerStepMap;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.MetricResults;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.JobListener;

/**
 * Gives the progress line the metrics of a job running on the embedded Flink, where Beam's
 * FlinkRunner in attached mode returns from {@code run()} only when the job has ended.
 *
 * <p>Flink instantiates this class by name: the embedded Flink configuration the examples write
 * ({@link RunnerDefaults}) names it in {@code execution.job-listeners}, which Flink's {@code
 * ExecutionEnvironment} (and {@code StreamExecutionEnvironment}) reads when Beam creates the local
 * environment, and {@code executeAsync} calls {@link #onJobSubmitted} with the job's {@link
 * JobClient} on the thread that runs the job, before the attached {@code execute} waits for the
 * result. {@link #run} runs a pipeline on the calling thread with a receiver for that client; the
 * receiver reads the job's accumulators as Beam's {@code FlinkDetachedRunnerResult} does: Beam's
 * metrics travel in the accumulator {@value #BEAM_METRICS_ACCUMULATOR} (Beam's {@code
 * FlinkMetricContainer}), a {@link MetricsContainerStepMap}.
 *
 * <p>The hand-over from a listener Flink creates to the reporter of this run is the one piece of
 * process-wide state: a {@link ThreadLocal} set only for the duration of {@link #run} on the thread
 * that runs the pipeline. Concurrent runs on other threads each see their own receiver; a Flink job
 * submitted on a thread with none (another command, a test) is ignored.
 */
public final class FlinkJobListener implements JobListener {
  /** The accumulator that carries Beam's metrics (Beam's {@code FlinkMetricContainer}). */
  static final String BEAM_METRICS_ACCUMULATOR = "__metricscontainers";

  /** How long one read of the running job's accumulators may take. */
  static final long READ_TIMEOUT_SECONDS = 10;

  private static final ThreadLocal<Consumer<JobClient>> RECEIVER = new ThreadLocal<>();

  /** Flink creates the listener by its class name, with this constructor. */
  public FlinkJobListener() {}

  /**
   * Runs {@code pipeline} on this thread; when it submits a Flink job, {@code onSubmitted} gets a
   * reader of that job's metrics (attempted values; each read waits at most {@value
   * #READ_TIMEOUT_SECONDS} s and throws if the job's metrics cannot be read, e.g. once the embedded
   * Flink has shut down at the end of the job).
   */
  static PipelineResult run(Pipeline pipeline, Consumer<Supplier<MetricResults>> onSubmitted) {
    RECEIVER.set(client -> onSubmitted.accept(() -> metricsOf(client)));
    try {
      return pipeline.run();
    } finally {
      RECEIVER.remove();
    }
  }

  @Override
  public void onJobSubmitted(JobClient jobClient, Throwable throwable) {
    Consumer<JobClient> receiver = RECEIVER.get();
    if (receiver != null && jobClient != null) {
      receiver.accept(jobClient);
    }
  }

  @Override
  public void onJobExecuted(JobExecutionResult jobExecutionResult, Throwable throwable) {}

  private static MetricResults metricsOf(JobClient client) {
    Map<String, Object> accumulators;
    try {
      accumulators = client.getAccumulators().get(READ_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading the Flink job's metrics", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(
          "cannot read the accumulators of Flink job " + client.getJobID() + ": " + e, e);
    }
    Object metrics = accumulators.get(BEAM_METRICS_ACCUMULATOR);
    return MetricsContainerStepMap.asAttemptedOnlyMetricResults(
        metrics instanceof MetricsContainerStepMap
            ? (MetricsContainerStepMap) metrics
            : new MetricsContainerStepMap());
  }
}
