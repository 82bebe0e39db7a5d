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

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.services.TimelineArchiver;
import io.hudibeam.transforms.commit.CommittedInstant;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;

/**
 * The step "Archive": after a commit, under the table lock and with {@code
 * hoodie.archive.automatic} (the default), archives the oldest completed instants beyond {@code
 * hoodie.keep.max.commits} ({@link TimelineArchiver}; on table version 8 into the LSM history).
 * Only after an instant this run committed, as before. Metrics ({@code Archive}): {@code
 * instantsArchived}, {@code failures}, {@code millis}.
 */
public final class Archive
    extends PTransform<PCollection<CommittedInstant>, PCollection<CommittedInstant>> {
  private static final long serialVersionUID = 1L;
  private final ServicesSpec spec;

  public Archive(ServicesSpec spec) {
    this.spec = spec;
  }

  @Override
  public PCollection<CommittedInstant> expand(PCollection<CommittedInstant> committed) {
    return AfterCommit.apply(
        committed, "Archive", spec, Archive.class, "instantsArchived", new Service());
  }

  /** This step's service with its metrics, run in the worker that committed. */
  static AfterCommit.Run run(ServicesSpec spec) {
    return new AfterCommit.Run(spec, Archive.class, "instantsArchived", new Service());
  }

  private static final class Service implements AfterCommit.Service {
    private static final long serialVersionUID = 1L;

    @Override
    public boolean appliesTo(CommittedInstant committed) {
      return committed.outcome() == CommitOutcome.COMMITTED;
    }

    @Override
    public long run(AfterCommit.Table table, CommittedInstant committed) {
      ServicesSpec spec = table.spec();
      try (TableLock.Held held = table.lock().acquire("archive after " + committed.instantTime())) {
        if (!spec.archive().automatic()) {
          return 0;
        }
        return new TimelineArchiver(table.fs(), spec.paths(), spec.archive(), spec.clean())
            .archive()
            .archived()
            .size();
      }
    }

    @Override
    public String afterFailure() {
      return "archiving the timeline failed; the next commit retries it";
    }
  }
}
