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

import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;
import org.joda.time.Duration;

/**
 * The settings of a streaming write: the sink id that owns its instants across restarts, the commit
 * interval (one instant per event-time window of this length that has records), and the id of this
 * run of the sink (drawn once when the pipeline is built, so a job restored after a failure keeps
 * it and a new job has its own; {@link io.hudibeam.commit.SinkHeartbeat}).
 */
public final class StreamSettings implements Serializable {
  private static final long serialVersionUID = 1L;
  private final String sinkId;
  private final long commitIntervalMillis;
  private final String runId;

  private StreamSettings(String sinkId, long commitIntervalMillis, String runId) {
    this.sinkId = Objects.requireNonNull(sinkId, "sinkId");
    this.commitIntervalMillis = commitIntervalMillis;
    this.runId = Objects.requireNonNull(runId, "runId");
  }

  public static StreamSettings of(String sinkId, Duration commitInterval) {
    if (sinkId.isEmpty()) {
      throw new IllegalArgumentException("The sink id must not be empty");
    }
    if (commitInterval.getMillis() <= 0) {
      throw new IllegalArgumentException(
          "The commit interval must be > 0, but was " + commitInterval);
    }
    return new StreamSettings(sinkId, commitInterval.getMillis(), UUID.randomUUID().toString());
  }

  /** This run's id: the same for every worker and every restore of one job. */
  public String runId() {
    return runId;
  }

  public String sinkId() {
    return sinkId;
  }

  public Duration commitInterval() {
    return Duration.millis(commitIntervalMillis);
  }

  /**
   * How often the coordinator looks at the timeline while an interval waits for the previous
   * instant: a tenth of the commit interval, between 100 ms and 1 s.
   */
  public Duration pollInterval() {
    return Duration.millis(Math.max(100, Math.min(1000, commitIntervalMillis / 10)));
  }

  @Override
  public String toString() {
    return "sink " + sinkId + ", commit interval " + commitInterval();
  }
}
