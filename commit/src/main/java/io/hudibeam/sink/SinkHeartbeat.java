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
package io.hudibeam.sink;

import io.hudibeam.concurrency.ConcurrentWriterException;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.table.TablePaths;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Which run of a streaming sink is live: the file {@code .hoodie/.aux/.sinks/<sink id>} holds the
 * id of the run that writes the sink, and that run rewrites it every heartbeat interval while it
 * runs (Hudi's heartbeat rule: the file's modification time is the last beat, and it is expired
 * after interval × tolerable misses). A run that has not claimed the sink yet:
 *
 * <ul>
 *   <li>claims it at once when there is no file, the file is expired, or it holds the run's own id
 *       (the same job restored after a failure);
 *   <li>otherwise waits, and is refused ({@link ConcurrentWriterException}) as soon as it sees the
 *       other run beat again (that run is live), or claims the sink once the other run's heartbeat
 *       has expired (that run is gone: killed, cancelled).
 * </ul>
 *
 * A run that claimed the sink fails when it finds another run's id in the file (it was taken for
 * dead and another run took over), so two runs never both write one sink. A run whose input ended
 * with everything committed releases the file, so the next run starts at once.
 */
public final class SinkHeartbeat {
  private final FileSystem fs;
  private final TablePaths paths;
  private final String sinkId;
  private final HeartbeatSettings settings;
  private final Clock clock;

  public SinkHeartbeat(
      FileSystem fs, TablePaths paths, String sinkId, HeartbeatSettings settings, Clock clock) {
    // A run reads the file while another rewrites it: on Hadoop's checksummed local file system
    // that read races the rewrite of the .crc side file (a WARN per look); the file is a few bytes
    // whose loss costs one more look, so it is written and read without checksums.
    this.fs = fs instanceof ChecksumFileSystem checksummed ? checksummed.getRawFileSystem() : fs;
    this.paths = paths;
    this.sinkId = sinkId;
    this.settings = settings;
    this.clock = clock;
  }

  /** The run that last beat, and when. */
  public record Beat(String runId, long lastBeatMillis) {}

  /** What a run that has not claimed the sink may do now. */
  public sealed interface Claim {
    /** The sink is the run's: it may start instants. */
    record Claimed() implements Claim {}

    /** Another run beat at {@code lastBeatMillis} and has not expired: look again later. */
    record Wait(Beat other) implements Claim {}
  }

  public Path file() {
    return new Path(paths.sinkHeartbeatFolder(), URLEncoder.encode(sinkId, StandardCharsets.UTF_8));
  }

  /**
   * Claims the sink for {@code runId}, or says to wait; {@code seen} is the other run's last beat
   * this run saw when it last looked. Fails when the other run has beat since: it is live.
   */
  public Claim claim(String runId, Optional<Long> seen) {
    Optional<Beat> current = read();
    if (current.isEmpty() || current.get().runId().equals(runId) || expired(current.get())) {
      beat(runId);
      return new Claim.Claimed();
    }
    Beat other = current.get();
    if (seen.isPresent() && other.lastBeatMillis() > seen.get()) {
      throw new ConcurrentWriterException(
          String.format(
              Locale.ROOT,
              "Table %s: streaming sink %s is written by another run (%s), which is live: its"
                  + " heartbeat %s was refreshed %.1f s ago, after this run first saw it. A sink has"
                  + " one live run at a time; a second one is refused as a second batch writer is."
                  + " Stop the other run first, or give this stream its own sink id"
                  + " (HudiIO.write().withSinkId(...); the examples: --sinkId).",
              paths,
              sinkId,
              other.runId(),
              file(),
              (clock.millis() - other.lastBeatMillis()) / 1000.0));
    }
    return new Claim.Wait(other);
  }

  /**
   * Beats for {@code runId}, which has claimed the sink; fails if another run has taken it over
   * meanwhile (this run's heartbeat was taken for expired).
   */
  public void beatAsOwner(String runId) {
    Optional<Beat> current = read();
    if (current.isPresent() && !current.get().runId().equals(runId)) {
      throw new ConcurrentWriterException(
          String.format(
              Locale.ROOT,
              "Table %s: streaming sink %s was taken over by run %s (heartbeat %s): this run (%s)"
                  + " did not beat for longer than %d ms (%s x %s), so it was taken for gone. It"
                  + " stops here; the other run writes the sink.",
              paths,
              sinkId,
              current.get().runId(),
              file(),
              runId,
              settings.maxAllowedAgeMillis(),
              HeartbeatSettings.INTERVAL,
              HeartbeatSettings.TOLERABLE_MISSES));
    }
    beat(runId);
  }

  /** Deletes the file if it is {@code runId}'s: the run ended with everything committed. */
  public void release(String runId) {
    Optional<Beat> current = read();
    if (current.isPresent() && current.get().runId().equals(runId)) {
      try {
        fs.delete(file(), false);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot delete the sink heartbeat " + file(), e);
      }
    }
  }

  /**
   * Whether a run other than {@code runId} holds the sink with a heartbeat that has not expired: a
   * run waiting for it is waiting, not stalled.
   */
  public boolean heldByAnotherRun(String runId) {
    Optional<Beat> current = read();
    return current.isPresent() && !current.get().runId().equals(runId) && !expired(current.get());
  }

  /** The last beat, if the file is there. */
  public Optional<Beat> read() {
    Path file = file();
    try {
      FileStatus status = fs.getFileStatus(file);
      try (InputStream in = fs.open(file)) {
        String runId = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        return Optional.of(new Beat(runId, status.getModificationTime()));
      }
    } catch (FileNotFoundException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the sink heartbeat " + file, e);
    }
  }

  private boolean expired(Beat beat) {
    return clock.millis() - beat.lastBeatMillis() > settings.maxAllowedAgeMillis();
  }

  private void beat(String runId) {
    Path file = file();
    try (OutputStream out = fs.create(file, true)) {
      out.write(runId.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the sink heartbeat " + file, e);
    }
  }
}
