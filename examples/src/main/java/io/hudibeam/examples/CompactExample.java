package io.hudibeam.examples;

import io.hudibeam.HudiIO;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.Validation;

/**
 * Compacts a MERGE_ON_READ table: {@code compact --table=PATH}. Completes the pending compactions
 * (a crashed run's, or ones Hudi's writer scheduled), or schedules one of every file slice with log
 * files and runs it; prints one line per compaction committed, nothing when there was nothing to
 * compact.
 */
public final class CompactExample {
  /** The compact command's options; every Beam pipeline option is accepted as well. */
  public interface Options extends PipelineOptions {
    @Description("Base path of the MERGE_ON_READ table (local path or Hadoop file system URI)")
    @Validation.Required
    String getTable();

    void setTable(String value);
  }

  private CompactExample() {}

  /** Builds the compaction pipeline from parsed options; {@code Main} runs it. */
  public static Pipeline build(Options options, long startedAtMillis) {
    Pipeline pipeline = Pipeline.create(options);
    pipeline
        .apply("Compact", HudiIO.compact().withBasePath(options.getTable()))
        .apply("Summary", CommitSummary.print(startedAtMillis));
    return pipeline;
  }
}
