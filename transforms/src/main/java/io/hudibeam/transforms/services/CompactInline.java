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
import io.hudibeam.services.Compactor;
import io.hudibeam.transforms.commit.CommittedInstant;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;

/**
 * The step "Compact inline": after a deltacommit of a merge-on-read table, with {@code
 * hoodie.compact.inline}, compacts the table once {@code hoodie.compact.inline.max.delta.commits}
 * deltacommits completed since the last compaction ({@link Compactor#runInline}: schedule, execute,
 * commit). Only after an instant this run committed, so a retried or replayed commit step never
 * compacts twice; on a copy-on-write table it passes the instants on. Metrics ({@code
 * CompactInline}): {@code compactions} (compaction instants completed), {@code failures}, {@code
 * millis}.
 */
public final class CompactInline
    extends PTransform<PCollection<CommittedInstant>, PCollection<CommittedInstant>> {
  private static final long serialVersionUID = 1L;
  private final ServicesSpec spec;

  public CompactInline(ServicesSpec spec) {
    this.spec = spec;
  }

  @Override
  public PCollection<CommittedInstant> expand(PCollection<CommittedInstant> committed) {
    return AfterCommit.apply(
        committed, "Compact", spec, CompactInline.class, "compactions", new Service(spec));
  }

  /** This step's service with its metrics, run in the worker that committed. */
  static AfterCommit.Run run(ServicesSpec spec) {
    return new AfterCommit.Run(spec, CompactInline.class, "compactions", new Service(spec));
  }

  private static final class Service implements AfterCommit.Service {
    private static final long serialVersionUID = 1L;
    private final boolean mergeOnRead;

    Service(ServicesSpec spec) {
      this.mergeOnRead = spec.mergeOnRead();
    }

    @Override
    public boolean appliesTo(CommittedInstant committed) {
      return mergeOnRead && committed.outcome() == CommitOutcome.COMMITTED;
    }

    @Override
    public long run(AfterCommit.Table table, CommittedInstant committed) {
      ServicesSpec spec = table.spec();
      return new Compactor(table.conf(), table.fs(), spec.paths(), spec.compactionMemory())
          .runInline(spec.compaction(), table.instantTimes(committed), spec.parquet())
          .size();
    }

    @Override
    public String afterFailure() {
      return "inline compaction failed; the next write or HudiIO.compact() completes it";
    }
  }
}
