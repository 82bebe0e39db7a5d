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

/** {@code --watch} of the ingest and cdc commands (see {@link Watching}). */
public interface WatchOptions extends PipelineOptions {
  @Description(
      "Keep watching the input glob for new files every this many seconds (a streaming write,"
          + " committed every --commitInterval seconds); 0: read the files once")
  @Default.Long(0)
  long getWatch();

  void setWatch(long value);

  @Description(
      "With --watch: stop watching after this many seconds, commit what was read and end (0: never stop)")
  @Default.Long(0)
  long getWatchFor();

  void setWatchFor(long value);

  @Description("With --watch: the commit interval in seconds")
  @Default.Long(10)
  long getCommitInterval();

  void setCommitInterval(long value);
}
