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
package io.hudibeam;

import com.google.auto.value.AutoValue;
import io.hudibeam.read.PartitionFilter;
import io.hudibeam.read.ReadQuery;
import io.hudibeam.transforms.read.PlanReads;
import io.hudibeam.transforms.read.ReadFileSlices;
import io.hudibeam.transforms.read.ReadSpec;
import io.hudibeam.transforms.read.TailStart;
import io.hudibeam.transforms.read.WatchCommits;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Duration;

/**
 * Reads a Hudi table (copy-on-write or merge-on-read, table version 6 or 8, written by HudiIO or by
 * Hudi's writers) into Beam Rows: {@code HudiIO.read().withBasePath(path)}. Every {@code withX()}
 * returns a new instance.
 *
 * <ul>
 *   <li>Batch: a snapshot (the latest records; on merge-on-read base files merged with log files by
 *       the table's merge mode), read-optimized (base files only), time travel ({@link
 *       #withAsOfInstant}) or incremental ({@link #withBeginInstant}, {@link #withEndInstant}:
 *       table version 6 by instant time, exclusive begin; version 8 by completion time, inclusive
 *       begin, as Hudi 1.0 reads them).
 *   <li>Streaming ({@link #streaming}): the records of each newly completed commit, once, with the
 *       position of the last commit read checkpointed, from {@link #withStartingStrategy}.
 * </ul>
 *
 * The rows have the table's schema (its latest commit's, when the pipeline is built), without
 * Hudi's meta columns unless {@link #withMetaColumns}; {@link #keeping}/{@link #dropping} project
 * columns and {@link #withPartitionFilter} prunes partitions before any file is read. Partitions
 * are found by listing the table's folders (the metadata table is not used). See docs/reading.md.
 */
@AutoValue
public abstract class HudiRead extends PTransform<PBegin, PCollection<Row>> {
  private static final long serialVersionUID = 1L;

  /** Hudi's query types. */
  public enum QueryType {
    /** The latest merged records (or as of an instant, with {@link #withAsOfInstant}). */
    SNAPSHOT,
    /** The base files of the latest file slices only: log files are not merged. */
    READ_OPTIMIZED,
    /** The record versions the commits between two instants wrote. */
    INCREMENTAL;

    io.hudibeam.read.QueryType internal() {
      return io.hudibeam.read.QueryType.valueOf(name());
    }

    /** Parses {@code snapshot}, {@code read_optimized} or {@code incremental}. */
    public static QueryType parse(String value, String setting) {
      return valueOf(io.hudibeam.read.QueryType.parse(value, setting).name());
    }
  }

  /** Where a streaming read starts. */
  public enum StartingStrategy {
    /** Every commit of the active timeline (a snapshot first if older commits were archived). */
    EARLIEST,
    /** The commits after the latest one when the job starts. */
    LATEST;

    /** Parses {@code earliest} or {@code latest}. */
    public static StartingStrategy parse(String value, String setting) {
      for (StartingStrategy s : values()) {
        if (s.name().equalsIgnoreCase(value.trim())) {
          return s;
        }
      }
      throw new IllegalArgumentException(
          setting + ": unknown starting strategy '" + value + "'; expected earliest or latest");
    }
  }

  abstract @Nullable String getBasePath();

  abstract QueryType getQueryType();

  abstract @Nullable String getAsOfInstant();

  abstract @Nullable String getBeginInstant();

  abstract @Nullable String getEndInstant();

  abstract String getPartitionFilter();

  abstract List<String> getKeep();

  abstract List<String> getDrop();

  abstract boolean getMetaColumns();

  abstract Map<String, String> getHadoopConfiguration();

  abstract @Nullable Duration getPollInterval();

  abstract StartingStrategy getStartingStrategy();

  abstract @Nullable String getStartingInstant();

  abstract boolean getSnapshotFallback();

  abstract Builder toBuilder();

  static HudiRead create() {
    return new AutoValue_HudiRead.Builder()
        .setQueryType(QueryType.SNAPSHOT)
        .setPartitionFilter("")
        .setKeep(List.of())
        .setDrop(List.of())
        .setMetaColumns(false)
        .setHadoopConfiguration(Map.of())
        .setStartingStrategy(StartingStrategy.LATEST)
        .setSnapshotFallback(false)
        .build();
  }

  @AutoValue.Builder
  abstract static class Builder {
    abstract Builder setBasePath(String basePath);

    abstract Builder setQueryType(QueryType type);

    abstract Builder setAsOfInstant(String instant);

    abstract Builder setBeginInstant(String instant);

    abstract Builder setEndInstant(String instant);

    abstract Builder setPartitionFilter(String filter);

    abstract Builder setKeep(List<String> columns);

    abstract Builder setDrop(List<String> columns);

    abstract Builder setMetaColumns(boolean metaColumns);

    abstract Builder setHadoopConfiguration(Map<String, String> configuration);

    abstract Builder setPollInterval(Duration interval);

    abstract Builder setStartingStrategy(StartingStrategy strategy);

    abstract Builder setStartingInstant(String instant);

    abstract Builder setSnapshotFallback(boolean fallback);

    abstract HudiRead build();
  }

  private static String requireNonEmpty(String setting, String value) {
    if (value == null || value.trim().isEmpty()) {
      throw new IllegalArgumentException(setting + " must not be null or empty");
    }
    return value.trim();
  }

  /** The table's base path: a local path or any Hadoop file system URI. */
  public HudiRead withBasePath(String basePath) {
    return toBuilder().setBasePath(requireNonEmpty("withBasePath", basePath)).build();
  }

  /** The query type; {@link QueryType#SNAPSHOT} by default. */
  public HudiRead withQueryType(QueryType type) {
    if (type == null) {
      throw new IllegalArgumentException("withQueryType must not be null");
    }
    return toBuilder().setQueryType(type).build();
  }

  /** Time travel: the table as of this instant time (Hudi's {@code as.of.instant}). */
  public HudiRead withAsOfInstant(String instant) {
    return toBuilder().setAsOfInstant(requireNonEmpty("withAsOfInstant", instant)).build();
  }

  /**
   * An incremental read from this instant: table version 6, the commits with instant time after it;
   * version 8, those completed at or after it (a completion time). Sets the query type to {@link
   * QueryType#INCREMENTAL}.
   */
  public HudiRead withBeginInstant(String instant) {
    return toBuilder()
        .setQueryType(QueryType.INCREMENTAL)
        .setBeginInstant(requireNonEmpty("withBeginInstant", instant))
        .build();
  }

  /** An incremental read up to this instant, inclusive (the latest commit by default). */
  public HudiRead withEndInstant(String instant) {
    return toBuilder().setEndInstant(requireNonEmpty("withEndInstant", instant)).build();
  }

  /**
   * Reads only the partitions whose values pass {@code filter}: conditions joined by AND, each
   * {@code field = 'value'} (or {@code != <> < <= > >=}, comparing strings) or {@code field IN
   * ('a', 'b')}, on the table's partition fields.
   */
  public HudiRead withPartitionFilter(String filter) {
    PartitionFilter.parse(filter, "withPartitionFilter");
    return toBuilder().setPartitionFilter(filter == null ? "" : filter).build();
  }

  /** Outputs only these columns, in the table's order (not with {@link #dropping}). */
  public HudiRead keeping(List<String> columns) {
    return toBuilder().setKeep(List.copyOf(columns)).build();
  }

  public HudiRead keeping(String... columns) {
    return keeping(Arrays.asList(columns));
  }

  /** Outputs every column but these (not with {@link #keeping}). */
  public HudiRead dropping(List<String> columns) {
    return toBuilder().setDrop(List.copyOf(columns)).build();
  }

  public HudiRead dropping(String... columns) {
    return dropping(Arrays.asList(columns));
  }

  /** Outputs Hudi's five meta columns ({@code _hoodie_commit_time}, ...) first. */
  public HudiRead withMetaColumns() {
    return toBuilder().setMetaColumns(true).build();
  }

  /** Hadoop configuration for the table's file system (e.g. {@code fs.s3a.*}). */
  public HudiRead withHadoopConfiguration(Map<String, String> configuration) {
    return toBuilder()
        .setHadoopConfiguration(Builders.merged(getHadoopConfiguration(), configuration))
        .build();
  }

  /**
   * An unbounded read: every {@code pollInterval} the timeline is listed and the records of each
   * commit completed since the last one read are output, once, timestamped at the commit's
   * completion time (table version 6: its instant time); the watermark follows the commits. The
   * position read is the restriction of a splittable DoFn, so it is checkpointed with the
   * pipeline's state and a restored job goes on after the last commit read.
   */
  public HudiRead streaming(Duration pollInterval) {
    if (pollInterval == null || !pollInterval.isLongerThan(Duration.ZERO)) {
      throw new IllegalArgumentException("streaming needs a positive poll interval");
    }
    return toBuilder().setPollInterval(pollInterval).build();
  }

  /** Where a streaming read starts; {@link StartingStrategy#LATEST} by default. */
  public HudiRead withStartingStrategy(StartingStrategy strategy) {
    return toBuilder().setStartingStrategy(strategy).setStartingInstant(null).build();
  }

  /**
   * A streaming read of the commits after this one: on table version 8 a completion time, on
   * version 6 an instant time.
   */
  public HudiRead withStartingInstant(String instant) {
    return toBuilder().setStartingInstant(requireNonEmpty("withStartingInstant", instant)).build();
  }

  /**
   * When a streaming read's position has been archived (its next commits are no longer on the
   * active timeline): read a snapshot of the table and go on from its latest commit, instead of
   * failing. The snapshot holds each record's latest version only.
   */
  public HudiRead withSnapshotFallback() {
    return toBuilder().setSnapshotFallback(true).build();
  }

  ReadQuery query() {
    return new ReadQuery(
        getQueryType().internal(),
        getAsOfInstant(),
        getBeginInstant(),
        getEndInstant(),
        PartitionFilter.parse(getPartitionFilter(), "withPartitionFilter"));
  }

  @Override
  public PCollection<Row> expand(PBegin input) {
    if (getBasePath() == null) {
      throw new IllegalArgumentException("HudiIO.read() needs withBasePath()");
    }
    ReadQuery query = query();
    if (getPollInterval() == null) {
      query.check();
      if (getStartingInstant() != null || getSnapshotFallback()) {
        throw new IllegalArgumentException(
            "withStartingInstant and withSnapshotFallback are for streaming reads (streaming())");
      }
    } else if (query.type() != io.hudibeam.read.QueryType.SNAPSHOT || query.asOfInstant() != null) {
      throw new IllegalArgumentException(
          "A streaming read takes no query type, as-of, begin or end instant; it reads each new"
              + " commit (set the start with withStartingStrategy or withStartingInstant)");
    }
    ReadSpec spec =
        ReadSpec.of(
            getBasePath(), getHadoopConfiguration(), query, getKeep(), getDrop(), getMetaColumns());
    PCollection<io.hudibeam.read.SliceRead> slices;
    if (getPollInterval() == null) {
      slices = input.apply("Plan file slices", new PlanReads(spec));
    } else {
      TailStart start =
          getStartingInstant() != null
              ? new TailStart(
                  TailStart.Strategy.INSTANT, getStartingInstant(), getSnapshotFallback())
              : new TailStart(
                  TailStart.Strategy.valueOf(getStartingStrategy().name()),
                  null,
                  getSnapshotFallback());
      slices = input.apply("Watch commits", new WatchCommits(spec, start, getPollInterval()));
    }
    return slices.apply("Read file slices", new ReadFileSlices(spec));
  }

  @Override
  public void populateDisplayData(DisplayData.Builder builder) {
    super.populateDisplayData(builder);
    builder
        .addIfNotNull(DisplayData.item("basePath", getBasePath()))
        .add(DisplayData.item("queryType", getQueryType().name()))
        .addIfNotNull(DisplayData.item("asOfInstant", getAsOfInstant()))
        .addIfNotNull(DisplayData.item("beginInstant", getBeginInstant()))
        .addIfNotNull(DisplayData.item("endInstant", getEndInstant()))
        .add(DisplayData.item("partitionFilter", getPartitionFilter()));
  }
}
