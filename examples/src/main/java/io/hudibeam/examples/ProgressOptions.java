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
