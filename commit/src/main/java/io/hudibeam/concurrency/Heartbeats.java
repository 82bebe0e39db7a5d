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
package io.hudibeam.concurrency;

import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writer heartbeats in {@code .hoodie/.heartbeat/<instant>}, compatible with Hudi 0.15's {@code
 * HoodieHeartbeatClient}: an empty file rewritten on every beat, whose modification time is the
 * last beat. A heartbeat is expired when {@code now - lastBeat > interval × tolerable misses}, a
 * missing file counting as a last beat at time 0 (so as expired), as in {@code
 * HoodieHeartbeatUtils.getLastHeartbeatTime}. The file is deleted when the instant completes or is
 * rolled back.
 *
 * <p>The clock is the one "now" is read from; the last beat always comes from the file system.
 *
 * <p>A writer that names itself ({@link HeartbeatSettings#writer}) writes its id as the file's
 * content, so that a stage which does not know the instant can still release the heartbeats of its
 * own write after a failure ({@link #releaseWriter}). Hudi reads only the modification time and
 * writes empty files; an empty or foreign content is never released by id.
 */
public final class Heartbeats {
  private final FileSystem fs;
  private final Optional<ChecksumFileSystem> checksummed;
  private final TablePaths paths;
  private final HeartbeatSettings settings;
  private final Clock clock;

  public Heartbeats(FileSystem fs, TablePaths paths, HeartbeatSettings settings, Clock clock) {
    // Beats are written without a .crc side file: on Hadoop's checksummed local file system a
    // release racing a beat of another worker (create writes the file, then its .crc) could
    // otherwise delete the file and leave the .crc behind. A .crc that Hudi's writer made is
    // deleted with its file.
    this.checksummed = fs instanceof ChecksumFileSystem c ? Optional.of(c) : Optional.empty();
    this.fs = checksummed.<FileSystem>map(ChecksumFileSystem::getRawFileSystem).orElse(fs);
    this.paths = paths;
    this.settings = settings;
    this.clock = clock;
  }

  public HeartbeatSettings settings() {
    return settings;
  }

  public Path file(InstantTime instant) {
    return new Path(paths.heartbeatFolder(), instant.value());
  }

  /**
   * Creates or rewrites the heartbeat file of an instant. Several workers of one write may beat at
   * the same moment; on HDFS all but one of the overwriting creates then fail (the file's lease is
   * held, or the file was replaced under the stream). Such a failure is no error when the file is
   * there afterwards with a modification time within the last interval: another worker has just
   * refreshed the same heartbeat.
   */
  public void beat(InstantTime instant) {
    Path file = file(instant);
    long start = clock.millis();
    try (FSDataOutputStream out = fs.create(file, true)) {
      if (!settings.writer().isEmpty()) {
        out.write(settings.writer().getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      if (!ConcurrentCreate.lostRace(e)
          || !refreshedSince(file, start - settings.intervalMillis())) {
        throw new UncheckedIOException("Cannot write heartbeat " + file, e);
      }
    }
  }

  private boolean refreshedSince(Path file, long sinceMillis) {
    try {
      return fs.getFileStatus(file).getModificationTime() >= sinceMillis;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Rewrites the heartbeat file of an instant if it is there; returns false, writing nothing, when
   * it is not. A running write's heartbeat is created by its start; a missing one means the instant
   * was completed or rolled back, or its write failed and released it, and must not come back. (On
   * a file system without conditional writes a release between the check and the write can still be
   * undone; the window is that of one existence check.)
   */
  public boolean refreshIfPresent(InstantTime instant) {
    if (!exists(instant)) {
      return false;
    }
    beat(instant);
    return true;
  }

  /** Whether the instant has a heartbeat file, live or not. */
  public boolean exists(InstantTime instant) {
    try {
      return fs.exists(file(instant));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check heartbeat " + file(instant), e);
    }
  }

  /** Time since the last beat; empty when the instant has no heartbeat file. */
  public Optional<Duration> age(InstantTime instant) {
    Path file = file(instant);
    try {
      long last = fs.getFileStatus(file).getModificationTime();
      return Optional.of(Duration.ofMillis(clock.millis() - last));
    } catch (FileNotFoundException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read heartbeat " + file, e);
    }
  }

  /** Hudi's rule: expired when older than interval × tolerable misses, or absent. */
  public boolean isExpired(InstantTime instant) {
    return age(instant).map(this::isExpiredAge).orElse(true);
  }

  boolean isExpiredAge(Duration age) {
    return age.toMillis() > settings.maxAllowedAgeMillis();
  }

  /**
   * Deletes the expired heartbeats of instants that are not pending on {@code timeline}: left by a
   * writer that died after its heartbeat and before its requested file, or whose release after a
   * completion or rollback failed. A heartbeat that is not expired is kept even without an instant:
   * a writer may be between its heartbeat and its requested file (Hudi's writers beat first too).
   * Hudi leaves such files; they would stay forever. Returns the instants whose heartbeat went.
   */
  public List<InstantTime> deleteExpiredOrphans(Timeline timeline) {
    Set<InstantTime> pending = new HashSet<>();
    timeline.pending().instants().forEach(i -> pending.add(i.time()));
    List<InstantTime> deleted = new ArrayList<>();
    for (FileStatus file : heartbeatFiles()) {
      InstantTime instant = InstantTime.parse(file.getPath().getName());
      Duration age = Duration.ofMillis(clock.millis() - file.getModificationTime());
      if (!pending.contains(instant) && isExpiredAge(age)) {
        delete(instant);
        deleted.add(instant);
      }
    }
    return deleted;
  }

  private static boolean isInstantTime(String name) {
    return (name.length() == 17 || name.length() == 14)
        && InstantTime.isDigits(name, 0, name.length());
  }

  /**
   * Deletes the heartbeat files whose content is this writer's id: the heartbeats of the instants
   * this write started and has not completed. Returns the instants released; none when the writer
   * has no id. A file that cannot be read is skipped (it is not known to be this writer's).
   */
  public List<InstantTime> releaseWriter() {
    List<InstantTime> released = new ArrayList<>();
    if (settings.writer().isEmpty()) {
      return released;
    }
    byte[] id = settings.writer().getBytes(StandardCharsets.UTF_8);
    for (FileStatus file : heartbeatFiles()) {
      if (file.getLen() == id.length && Arrays.equals(id, content(file))) {
        InstantTime instant = InstantTime.parse(file.getPath().getName());
        delete(instant);
        released.add(instant);
      }
    }
    return released;
  }

  private List<FileStatus> heartbeatFiles() {
    List<FileStatus> found = new ArrayList<>();
    try {
      if (!fs.exists(paths.heartbeatFolder())) {
        return found;
      }
      for (FileStatus file : fs.listStatus(paths.heartbeatFolder())) {
        if (file.isFile() && isInstantTime(file.getPath().getName())) {
          found.add(file);
        }
      }
      return found;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + paths.heartbeatFolder(), e);
    }
  }

  private byte[] content(FileStatus file) {
    try (FSDataInputStream in = fs.open(file.getPath())) {
      return in.readAllBytes();
    } catch (IOException e) {
      return new byte[0];
    }
  }

  /** Deletes the heartbeat file, if any, and its checksum side file, if any. */
  public void delete(InstantTime instant) {
    Path file = file(instant);
    try {
      fs.delete(file, false);
      if (checksummed.isPresent()) {
        fs.delete(checksummed.get().getChecksumFile(file), false);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete heartbeat " + file, e);
    }
  }
}
