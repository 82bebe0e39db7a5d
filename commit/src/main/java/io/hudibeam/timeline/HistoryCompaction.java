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
package io.hudibeam.timeline;

import io.hudibeam.table.HudiTableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compaction and cleaning of the LSM timeline history, as Hudi 1.0.2's {@code
 * LSMTimelineWriter.compactAndClean} after each archive run: while a level holds at least {@code
 * hoodie.timeline.compaction.batch.size} files (default 10), its oldest files (by name, at most the
 * batch, stopping once they pass 1000 MB together) are merged, rows in file order, into one file of
 * the next level named by their smallest and largest instant time, committed with a manifest that
 * replaces them; then the next level is looked at. Then, when there are more than 3 + (levels
 * compacted this run) manifest versions, the older manifests are deleted, and every Parquet file no
 * kept manifest lists.
 */
public final class HistoryCompaction {
  private static final Logger LOG = LoggerFactory.getLogger(HistoryCompaction.class);

  /** Hudi's {@code hoodie.timeline.compaction.batch.size} default. */
  public static final int DEFAULT_BATCH_SIZE = 10;

  private static final long MAX_COMPACTED_BYTES = 1_048_576_000L;
  private static final int RETAINED_VERSIONS = 3;
  private static final Pattern PARQUET = Pattern.compile(".*\\.parquet$");

  private final TimelineHistory history;
  private final int batchSize;

  public HistoryCompaction(TimelineHistory history, int batchSize) {
    if (batchSize < 2) {
      throw new IllegalArgumentException("A compaction batch merges at least 2 files");
    }
    this.history = history;
    this.batchSize = batchSize;
  }

  /** Compacts what qualifies and cleans; returns the compacted files written. */
  public List<String> compactAndClean() {
    List<String> written = new ArrayList<>();
    int level = 0;
    Optional<String> compacted = compact(level);
    while (compacted.isPresent()) {
      written.add(compacted.get());
      level++;
      compacted = compact(level);
    }
    clean(level);
    return written;
  }

  private Optional<String> compact(int level) {
    List<HistoryManifest.FileEntry> files = new ArrayList<>();
    for (HistoryManifest.FileEntry f : history.latestManifest().files()) {
      if (TimelineHistory.levelOf(f.fileName()) == level) {
        files.add(f);
      }
    }
    if (files.size() < batchSize) {
      return Optional.empty();
    }
    files.sort(Comparator.comparing(HistoryManifest.FileEntry::fileName));
    List<String> candidates = candidates(files);
    if (candidates.size() < 2) {
      return Optional.empty();
    }
    String name = compactedName(candidates, level + 1);
    Path target = new Path(history.folder(), name);
    try {
      if (history.fs().exists(target)) {
        history.fs().delete(target, false); // a leftover of a failed compaction
      }
      List<HistoryEntry> rows = new ArrayList<>();
      for (String candidate : candidates) {
        rows.addAll(history.read(new Path(history.folder(), candidate)));
      }
      history.writeParquet(target, rows);
      history.commit(candidates, name);
    } catch (IOException e) {
      throw new HudiTableException("Cannot compact the LSM history into " + target, e);
    }
    LOG.info("LSM history: compacted {} into {}", candidates, name);
    return Optional.of(name);
  }

  /** {@code LSMTimelineWriter.getCandidateFiles}. */
  private List<String> candidates(List<HistoryManifest.FileEntry> files) {
    List<String> out = new ArrayList<>();
    long total = 0;
    for (HistoryManifest.FileEntry f : files) {
      total += f.fileLen();
      out.add(f.fileName());
      if (out.size() >= batchSize) {
        break;
      }
      if (total > MAX_COMPACTED_BYTES) {
        if (out.size() < 2) {
          total = 0;
          out.clear();
        } else {
          break;
        }
      }
    }
    return out;
  }

  /** {@code LSMTimelineWriter.compactedFileName}. */
  static String compactedName(List<String> files, int level) {
    String min = files.stream().map(f -> f.split("_")[0]).min(Comparator.naturalOrder()).get();
    String max = files.stream().map(f -> f.split("_")[1]).max(Comparator.naturalOrder()).get();
    return TimelineHistory.fileName(InstantTime.parse(min), InstantTime.parse(max), level);
  }

  /** {@code LSMTimelineWriter.clean}: manifests first, then the files no kept manifest lists. */
  private void clean(int compactedLevels) {
    List<Integer> versions = history.allVersions();
    int keep = RETAINED_VERSIONS + compactedLevels;
    if (versions.size() <= keep) {
      return;
    }
    versions.sort(Comparator.reverseOrder());
    List<Integer> kept = versions.subList(0, keep);
    Set<String> keptFiles = new HashSet<>();
    for (int v : kept) {
      keptFiles.addAll(history.manifest(v).fileNames());
    }
    try {
      for (int v : versions.subList(keep, versions.size())) {
        history.fs().delete(history.manifestPath(v), false);
      }
      for (FileStatus status : history.list()) {
        String name = status.getPath().getName();
        if (PARQUET.matcher(name).matches() && !keptFiles.contains(name)) {
          history.fs().delete(status.getPath(), false);
        }
      }
    } catch (IOException e) {
      throw new HudiTableException("Cannot clean the LSM history " + history.folder(), e);
    }
  }
}
