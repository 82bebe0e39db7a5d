package io.hudibeam.examples;

import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/** The progress line of the trips and ingest commands (see {@link ProgressReporter}). */
public interface ProgressOptions extends PipelineOptions {
  @Description(
      "Print a progress line (records in, records written, files, MB, records/s, from the pipeline's"
          + " metrics) every this many seconds while the write runs, and one when it ends; 0: none")
  @Default.Long(5)
  long getProgressSeconds();

  void setProgressSeconds(long value);
}
