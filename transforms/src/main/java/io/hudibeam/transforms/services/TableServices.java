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
package io.hudibeam.transforms.services;

import io.hudibeam.transforms.commit.CommittedInstant;
import org.apache.beam.sdk.values.PCollection;

/** The table services after a commit, in the order Hudi's writer runs them. */
public final class TableServices {
  private TableServices() {}

  /**
   * Applies "Clean", "Compact inline" and "Archive", each its own step, to the commit step's
   * output; returns their output (the same committed instants, once every service is done).
   */
  public static PCollection<CommittedInstant> after(
      PCollection<CommittedInstant> committed, ServicesSpec spec) {
    // One table's spec: a write to many tables gives each step the specs of every table, and
    // each step runs its service on the table the committed instant names.
    return committed
        .apply("Clean", new Clean(spec))
        .apply("Compact inline", new CompactInline(spec))
        .apply("Archive", new Archive(spec));
  }

  /**
   * The table services after {@code committed}, run in this worker in the steps' order (clean,
   * compact inline, archive), each with its metrics; a service's failure is logged, as the steps
   * do, and leaves the instant committed. For a write that commits a table's instant in one worker
   * ({@code HudiIO.writeDynamic()}).
   */
  public static void runAfter(CommittedInstant committed, ServicesSpec spec) {
    Clean.run(spec).after(committed);
    CompactInline.run(spec).after(committed);
    Archive.run(spec).after(committed);
  }
}
