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
        .apply(
            "Compact",
            HudiIO.compact()
                .withBasePath(options.getTable())
                .withHoodieProperties(options.as(SettingsOptions.class).getHoodieSettings())
                .withHadoopConfiguration(options.as(SettingsOptions.class).getHadoopSettings()))
        .apply("Summary", CommitSummary.print(startedAtMillis));
    return pipeline;
  }
}
