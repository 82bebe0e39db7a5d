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

import io.hudibeam.sink.SinkHeartbeat;
import io.hudibeam.transforms.instant.StartSpec;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.beam.sdk.state.Timer;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.hadoop.fs.FileSystem;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's hold on its sink ({@link SinkHeartbeat}): claims the sink on first use, beats
 * while the run holds it, and releases it when the run ends. The state and timers are the
 * coordinator's ({@link CoordinatorFn}): {@code run} (the run id under which the sink is held),
 * {@code otherRunSeen} (another run's last beat when first seen) and the {@code beat} timer. One
 * instance per coordinator instance, not serialized.
 */
final class SinkClaim {
  private static final Logger LOG = LoggerFactory.getLogger(SinkClaim.class);
  private final StartSpec spec;
  private final StreamSettings settings;
  private final Supplier<FileSystem> fileSystem;

  /** When this instance last refreshed the sink's heartbeat. */
  private long lastBeatMillis;

  /** The run id under which this instance holds the sink, once it has decided as its holder. */
  private String heldRun;

  SinkClaim(StartSpec spec, StreamSettings settings, Supplier<FileSystem> fileSystem) {
    this.spec = spec;
    this.settings = settings;
    this.fileSystem = fileSystem;
  }

  /**
   * Whether this run holds the sink: claims it on first use, refreshes its heartbeat when due, and
   * fails when another run holds it (live, or having taken it over). While another run's heartbeat
   * is fresh, returns false: the intervals wait, polled. On a claim, {@code onClaim} runs once (the
   * coordinator sets its end-of-input timer there).
   */
  boolean holds(
      ValueState<String> run, ValueState<Long> otherRunSeen, Timer beat, Runnable onClaim) {
    SinkHeartbeat heartbeat = heartbeat();
    String owner = run.read();
    if (owner != null) {
      if (System.currentTimeMillis() - lastBeatMillis >= spec.heartbeat().intervalMillis() / 2) {
        heartbeat.beatAsOwner(owner);
        lastBeatMillis = System.currentTimeMillis();
      }
      heldRun = owner;
      return true;
    }
    SinkHeartbeat.Claim claim =
        heartbeat.claim(settings.runId(), Optional.ofNullable(otherRunSeen.read()));
    if (claim instanceof SinkHeartbeat.Claim.Wait wait) {
      if (otherRunSeen.read() == null) {
        otherRunSeen.write(wait.other().lastBeatMillis());
        LOG.info(
            "Table {}: sink {} was written by run {} until {} ({}); this run {} waits until that"
                + " heartbeat has expired (it is refused if that run beats again)",
            spec.paths(),
            settings.sinkId(),
            wait.other().runId(),
            new Instant(wait.other().lastBeatMillis()),
            heartbeat.file(),
            settings.runId());
      }
      return false;
    }
    run.write(settings.runId());
    otherRunSeen.clear();
    heldRun = settings.runId();
    lastBeatMillis = System.currentTimeMillis();
    setBeat(beat);
    onClaim.run();
    return true;
  }

  /** The beat timer fired: beats for the run that holds the sink, and sets the timer again. */
  void beat(ValueState<String> run, Timer beat) {
    String owner = run.read();
    if (owner != null) {
      heartbeat().beatAsOwner(owner);
      lastBeatMillis = System.currentTimeMillis();
      setBeat(beat);
    }
  }

  /** The run ended with everything it decided committed: the next run may start at once. */
  void release(ValueState<String> run) {
    if (run.read() != null) {
      heartbeat().release(run.read());
    }
  }

  /**
   * The coordinator instance is torn down (a run cancelled, failed, or finished on a runner that
   * tears its functions down): releases the sink if this instance held it. Best effort: a killed
   * JVM releases nothing, and its heartbeat expires; a restored job claims the sink again with the
   * run id in its state.
   */
  void releaseOnTeardown() {
    if (heldRun == null) {
      return;
    }
    try {
      heartbeat().release(heldRun);
    } catch (RuntimeException e) {
      LOG.warn(
          "Table {}: could not release sink {} ({}); the next run waits for its heartbeat to"
              + " expire",
          spec.paths(),
          settings.sinkId(),
          e.toString());
    }
  }

  private void setBeat(Timer beat) {
    // Holds no watermark: the output timestamp is the end of the global window.
    beat.withOutputTimestamp(GlobalWindow.INSTANCE.maxTimestamp())
        .offset(Duration.millis(spec.heartbeat().intervalMillis()))
        .setRelative();
  }

  private SinkHeartbeat heartbeat() {
    return new SinkHeartbeat(
        fileSystem.get(), spec.paths(), settings.sinkId(), spec.heartbeat(), Clock.systemUTC());
  }
}
