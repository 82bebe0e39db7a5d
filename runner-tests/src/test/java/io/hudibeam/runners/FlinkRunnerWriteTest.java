package io.hudibeam.runners;

import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/** The write suite on the FlinkRunner: an embedded local Flink cluster, parallelism 2. */
public class FlinkRunnerWriteTest extends HudiIOWriteSuite {
  @Override
  protected PipelineOptions options() {
    return flinkOptions(0);
  }

  static FlinkPipelineOptions flinkOptions(int retries) {
    FlinkPipelineOptions options = PipelineOptionsFactory.as(FlinkPipelineOptions.class);
    options.setRunner(FlinkRunner.class);
    options.setFlinkMaster("[local]");
    options.setParallelism(2);
    options.setNumberOfExecutionRetries(retries);
    options.setExecutionRetryDelay(0L);
    return options;
  }
}
