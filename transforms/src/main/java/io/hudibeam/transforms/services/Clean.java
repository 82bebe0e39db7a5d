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
import io.hudibeam.services.Cleaner;
import io.hudibeam.transforms.commit.CommittedInstant;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;

/**
 * The step "Clean": after each commit, with {@code hoodie.clean.automatic} (the default), cleans
 * the table under the table lock ({@link Cleaner}: resume a pending clean, then plan and execute
 * one, Hudi's {@code CleanPlanner}). Runs after an instant this run committed or found already
 * committed (a retried commit step finishes the clean it may have missed), not after a replayed
 * streaming interval. Metrics ({@code Clean}): {@code cleans} (clean instants completed), {@code
 * failures}, {@code millis}.
 */
public final class Clean
    extends PTransform<PCollection<CommittedInstant>, PCollection<CommittedInstant>> {
  private static final long serialVersionUID = 1L;
  private final ServicesSpec spec;

  public Clean(ServicesSpec spec) {
    this.spec = spec;
  }

  @Override
  public PCollection<CommittedInstant> expand(PCollection<CommittedInstant> committed) {
    return AfterCommit.apply(committed, "Clean", spec, Clean.class, "cleans", new Service(spec));
  }

  /** This step's service with its metrics, run in the worker that committed. */
  static AfterCommit.Run run(ServicesSpec spec) {
    return new AfterCommit.Run(spec, Clean.class, "cleans", new Service(spec));
  }

  private static final class Service implements AfterCommit.Service {
    private static final long serialVersionUID = 1L;
    private final boolean automatic;

    Service(ServicesSpec spec) {
      this.automatic = spec.clean().automatic();
    }

    @Override
    public boolean appliesTo(CommittedInstant committed) {
      return automatic && committed.outcome() != CommitOutcome.REPLAY_SKIPPED;
    }

    @Override
    public long run(AfterCommit.Table table, CommittedInstant committed) {
      ServicesSpec spec = table.spec();
      try (TableLock.Held held = table.lock().acquire("clean after " + committed.instantTime())) {
        return new Cleaner(table.fs(), spec.paths(), spec.clean())
            .clean(table.instantTimes(committed))
            .size();
      }
    }

    @Override
    public String afterFailure() {
      return "cleaning failed; the next write resumes it";
    }
  }
}
