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
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The commit's own exclusion where the table lock excludes nobody ({@link
 * TableLock#excludesOtherWriters()} false: S3 through S3A, whose {@code create(path, false)} is a
 * probe and then an upload). Two writers may then both pass the lock; before its timeline check a
 * commit writes an intent file named by its instant ({@link TablePaths#commitIntentFolder()}), then
 * lists the folder, and goes on only if no other live writer's intent is there; it deletes its
 * intent after its completed instant is written. A store whose writes and listings are strongly
 * consistent (S3 is, since December 2020) shows, of two writers that both write and then list, at
 * least one the other's intent (whichever listed second): so two commits never check the timeline
 * and complete side by side, and a commit that goes on either sees the other's completed instant
 * (and its conflict check decides) or is seen by it. Both may see each other and both fail; none
 * loses an update. An intent whose instant's heartbeat is gone or expired ({@link
 * Heartbeats#isExpired}) is a dead writer's: ignored and deleted.
 *
 * <p>Hudi has no counterpart: its file-system lock refuses object stores.
 */
public final class CommitIntents {
  private static final Logger LOG = LoggerFactory.getLogger(CommitIntents.class);

  private final FileSystem fs;
  private final Path folder;
  private final Heartbeats heartbeats;

  public CommitIntents(FileSystem fs, TablePaths paths, Heartbeats heartbeats) {
    this.fs = fs;
    this.folder = paths.commitIntentFolder();
    this.heartbeats = heartbeats;
  }

  public Path file(InstantTime instant) {
    return new Path(folder, instant.value());
  }

  /**
   * Writes the intent of {@code instant}, then lists the intents: returns the instants of the other
   * live writers that announced a commit (empty: this commit may go on).
   */
  public List<InstantTime> announce(InstantTime instant) {
    Path own = file(instant);
    try {
      fs.create(own, true).close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the commit intent " + own, e);
    }
    List<InstantTime> others = new ArrayList<>();
    for (FileStatus status : list()) {
      String name = status.getPath().getName();
      if (name.equals(instant.value())
          || !(name.length() == 14 || name.length() == 17 || name.length() == 20)
          || !InstantTime.isDigits(name, 0, name.length())) {
        continue;
      }
      InstantTime other = InstantTime.parse(name);
      if (heartbeats.isExpired(other)) {
        LOG.info(
            "Deleting the commit intent {}: the heartbeat of instant {} is gone or expired (a"
                + " writer that died while committing)",
            status.getPath(),
            other);
        deleteIfThere(status.getPath());
        continue;
      }
      others.add(other);
    }
    return List.copyOf(others);
  }

  /** Deletes the intent of {@code instant}. */
  public void withdraw(InstantTime instant) {
    Path own = file(instant);
    try {
      fs.delete(own, false);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete the commit intent " + own, e);
    }
  }

  private void deleteIfThere(Path intent) {
    try {
      fs.delete(intent, false);
    } catch (IOException e) {
      LOG.warn("Cannot delete the commit intent {}; it is ignored", intent, e);
    }
  }

  private FileStatus[] list() {
    try {
      return fs.listStatus(folder);
    } catch (FileNotFoundException e) {
      return new FileStatus[0];
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the commit intents in " + folder, e);
    }
  }
}
