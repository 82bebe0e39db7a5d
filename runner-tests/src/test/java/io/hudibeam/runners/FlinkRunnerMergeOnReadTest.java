package io.hudibeam.runners;

import org.apache.beam.sdk.options.PipelineOptions;

/** The MERGE_ON_READ suite on the FlinkRunner (an embedded local Flink cluster, parallelism 2). */
public class FlinkRunnerMergeOnReadTest extends HudiIOMergeOnReadSuite {
  @Override
  protected PipelineOptions options() {
    return FlinkRunnerWriteTest.flinkOptions(0);
  }
}
