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
package io.hudibeam.transforms.streaming;

import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.instant.StartSpec;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's warning, once per instant (and the counter {@code waitsOnFailedWriters}, in
 * {@link CoordinateInstants}' namespace), when a sink waits for a pending instant of another writer
 * whose heartbeat has expired or that has none: a failed write, which the sink never rolls back (it
 * is not the sink's), so the stream waits until another writer's start (a batch write, Hudi's own
 * writer) rolls it back, or until an operator does. The sink's own instants are never reported:
 * waiting for the previous interval's commit is the normal case, and a just-started instant has no
 * heartbeat yet (measured on Flink: a false warning for the sink's own instant). Held by one
 * coordinator instance; not serialized.
 */
final class FailedWriterWarnings {
  private static final Logger LOG = LoggerFactory.getLogger(CoordinateInstants.class);
  private final Counter waitsOnFailedWriters =
      Metrics.counter(CoordinateInstants.class, "waitsOnFailedWriters");
  private final Set<InstantTime> reported = new TreeSet<>();
  private final StartSpec spec;
  private final String sinkId;

  FailedWriterWarnings(StartSpec spec, String sinkId) {
    this.spec = spec;
    this.sinkId = sinkId;
  }

  /**
   * Reports the {@code blocking} instants that are not the sink's ({@code live}) and have failed.
   */
  void report(FileSystem fs, List<Instant> blocking, Set<InstantTime> live) {
    Heartbeats heartbeats = new Heartbeats(fs, spec.paths(), spec.heartbeat(), Clock.systemUTC());
    for (Instant pending : blocking) {
      if (reported.contains(pending.time())
          || live.contains(pending.time())
          || !heartbeats.isExpired(pending.time())) {
        continue;
      }
      reported.add(pending.time());
      waitsOnFailedWriters.inc();
      LOG.warn(
          "Table {}: sink {} waits for instant {} ({}, {}) of another writer, whose heartbeat {}"
              + " has expired or is missing: that writer has most likely failed. The sink never"
              + " rolls back another writer's instant; the next start of a batch write (HudiIO or"
              + " Hudi's own writer) rolls it back, after which the stream continues.",
          spec.paths(),
          sinkId,
          pending.time(),
          pending.action().value(),
          pending.state(),
          heartbeats.file(pending.time()));
    }
  }
}
