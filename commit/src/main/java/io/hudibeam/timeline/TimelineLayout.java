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
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where a table's active timeline lives and how its instants are written, by timeline layout
 * (Hudi's {@code TimelineLayout} and {@code TimelinePathProvider}): layout 1 (table version 6)
 * keeps instant files directly in {@code .hoodie/}; layout 2 (table version 8) keeps them in {@code
 * .hoodie/timeline/}, names a completed instant {@code <time>_<completion time>.<action>} and
 * writes commit metadata as Avro. Pending instant file names are the same in both.
 */
public interface TimelineLayout extends Serializable {

  /** The table version this layout belongs to. */
  TableVersion tableVersion();

  /** The folder that holds the active timeline's instant files. */
  Path timelineFolder(TablePaths paths);

  /** Whether completing an instant records a completion time in its file name (layout 2). */
  boolean recordsCompletionTime();

  /**
   * Whether commit, deltacommit and replacecommit metadata (inflight and completed) are Avro
   * (layout 2) or JSON.
   */
  boolean avroCommitMetadata();

  /** The layout of a table version. */
  static TimelineLayout of(TableVersion version) {
    return version == TableVersion.EIGHT ? LayoutTwo.INSTANCE : LayoutOne.INSTANCE;
  }

  /**
   * The layout of the table at {@code paths}, from its {@code hoodie.properties} ({@code
   * hoodie.table.version}). A folder without readable properties (a new table, or a damaged one
   * that {@code TableIntegrity} reports) is taken as layout 2 when it has a {@code
   * .hoodie/timeline} folder, else layout 1.
   */
  static TimelineLayout of(FileSystem fs, TablePaths paths) {
    TableConfigStore store = new TableConfigStore(fs, paths);
    try {
      return of(store.load().version());
    } catch (HudiTableException e) {
      // Missing or unreadable properties: judged by the folders below; opening the table reports
      // it.
    }
    try {
      return fs.isDirectory(LayoutTwo.INSTANCE.timelineFolder(paths))
          ? LayoutTwo.INSTANCE
          : LayoutOne.INSTANCE;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check the timeline folder of " + paths, e);
    }
  }

  /**
   * Timeline layout 1: instant files in {@code .hoodie/}, JSON commit metadata, no completion
   * times.
   */
  final class LayoutOne implements TimelineLayout {
    private static final long serialVersionUID = 1L;
    static final LayoutOne INSTANCE = new LayoutOne();

    private LayoutOne() {}

    @Override
    public TableVersion tableVersion() {
      return TableVersion.SIX;
    }

    @Override
    public Path timelineFolder(TablePaths paths) {
      return paths.metaFolder();
    }

    @Override
    public boolean recordsCompletionTime() {
      return false;
    }

    @Override
    public boolean avroCommitMetadata() {
      return false;
    }

    private Object readResolve() {
      return INSTANCE;
    }

    @Override
    public String toString() {
      return "timeline layout 1";
    }
  }

  /**
   * Timeline layout 2: instant files in {@code .hoodie/timeline/} ({@code hoodie.timeline.path}),
   * completed instants named with their completion time, Avro commit metadata ({@code
   * ActiveTimelineV2}, {@code CommitMetadataSerDeV2} in Hudi 1.0).
   */
  final class LayoutTwo implements TimelineLayout {
    private static final long serialVersionUID = 1L;
    static final LayoutTwo INSTANCE = new LayoutTwo();
    static final String TIMELINE_FOLDER = "timeline";
    static final String HISTORY_FOLDER = "history";

    private LayoutTwo() {}

    @Override
    public TableVersion tableVersion() {
      return TableVersion.EIGHT;
    }

    @Override
    public Path timelineFolder(TablePaths paths) {
      return new Path(paths.metaFolder(), TIMELINE_FOLDER);
    }

    /** The LSM history ({@code hoodie.timeline.history.path}), Hudi 1.0's archived timeline. */
    public Path historyFolder(TablePaths paths) {
      return new Path(timelineFolder(paths), HISTORY_FOLDER);
    }

    @Override
    public boolean recordsCompletionTime() {
      return true;
    }

    @Override
    public boolean avroCommitMetadata() {
      return true;
    }

    private Object readResolve() {
      return INSTANCE;
    }

    @Override
    public String toString() {
      return "timeline layout 2";
    }
  }
}
