package io.hudibeam.runners;

import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/** The MERGE_ON_READ suite on the DirectRunner. */
public class DirectRunnerMergeOnReadTest extends HudiIOMergeOnReadSuite {
  @Override
  protected PipelineOptions options() {
    PipelineOptions options = PipelineOptionsFactory.create();
    options.setRunner(DirectRunner.class);
    return options;
  }
}
