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

import com.google.auto.service.AutoService;
import com.google.auto.value.AutoValue;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.AutoValueSchema;
import org.apache.beam.sdk.schemas.annotations.DefaultSchema;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldDescription;
import org.apache.beam.sdk.schemas.transforms.SchemaTransform;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.schemas.transforms.TypedSchemaTransformProvider;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Duration;

/**
 * {@link HudiIO#read()} as a schema transform, for cross-language pipelines and Beam YAML.
 * Identifier {@value #IDENTIFIER}; no input; output {@value #OUTPUT}: the table's rows. The keys
 * follow Managed IcebergIO's read configuration where they mean the same thing ({@code table},
 * {@code keep}, {@code drop}, {@code filter}); {@code table} is the table's base path (a Hudi table
 * is found by its path). Hudi's query settings: {@code query_type}, {@code as_of_instant}, {@code
 * begin_instant}, {@code end_instant}; a streaming tail: {@code streaming}, {@code
 * poll_interval_seconds}, {@code starting_strategy}.
 */
@AutoService(SchemaTransformProvider.class)
public final class HudiReadSchemaTransformProvider
    extends TypedSchemaTransformProvider<HudiReadSchemaTransformProvider.Configuration> {
  public static final String IDENTIFIER = "beam:schematransform:io.hudibeam:hudi_read:v1";
  static final String OUTPUT = "output";
  static final int DEFAULT_POLL_INTERVAL_SECONDS = 60;

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public String description() {
    return "Reads an Apache Hudi table (copy-on-write or merge-on-read, table version 6 or 8) with"
        + " HudiIO: a snapshot, read-optimized, time-travel or incremental query, or a streaming"
        + " tail of its commits; outputs the table's rows.";
  }

  @Override
  public List<String> inputCollectionNames() {
    return List.of();
  }

  @Override
  public List<String> outputCollectionNames() {
    return List.of(OUTPUT);
  }

  @Override
  protected SchemaTransform from(Configuration configuration) {
    HudiRead read = configuration.toRead();
    return new SchemaTransform() {
      @Override
      public PCollectionRowTuple expand(PCollectionRowTuple input) {
        return PCollectionRowTuple.of(OUTPUT, input.getPipeline().apply("HudiRead", read));
      }
    };
  }

  /** The configuration; field names are snake_case in the Beam schema (as_of_instant, ...). */
  @DefaultSchema(AutoValueSchema.class)
  @AutoValue
  public abstract static class Configuration {
    @SchemaFieldDescription("The table's base path: a local path or any Hadoop file system URI.")
    public abstract String getTable();

    @SchemaFieldDescription("Only these columns are read (mutually exclusive with drop).")
    public abstract @Nullable List<String> getKeep();

    @SchemaFieldDescription("These columns are not read (mutually exclusive with keep).")
    public abstract @Nullable List<String> getDrop();

    @SchemaFieldDescription(
        "A partition filter: conditions joined by AND, each field = 'value' (or != <> < <= > >=)"
            + " or field IN ('a', 'b'), on partition fields; pruned before files are read.")
    public abstract @Nullable String getFilter();

    @SchemaFieldDescription("snapshot (default), read_optimized or incremental.")
    public abstract @Nullable String getQueryType();

    @SchemaFieldDescription("Time travel: the table as of this instant time.")
    public abstract @Nullable String getAsOfInstant();

    @SchemaFieldDescription(
        "An incremental read from this instant (version 6: instant time, exclusive; version 8:"
            + " completion time, inclusive).")
    public abstract @Nullable String getBeginInstant();

    @SchemaFieldDescription("An incremental read up to this instant, inclusive (default: latest).")
    public abstract @Nullable String getEndInstant();

    @SchemaFieldDescription("Hudi's meta columns (_hoodie_commit_time, ...) are output first.")
    public abstract @Nullable Boolean getMetaColumns();

    @SchemaFieldDescription("A streaming tail: the records of each new commit, once.")
    public abstract @Nullable Boolean getStreaming();

    @SchemaFieldDescription("How often a streaming read lists the timeline (default 60).")
    public abstract @Nullable Integer getPollIntervalSeconds();

    @SchemaFieldDescription(
        "Where a streaming read starts: latest (default), earliest, or an instant to read after.")
    public abstract @Nullable String getStartingStrategy();

    @SchemaFieldDescription("Hadoop settings for the table's file system (e.g. fs.s3a.*).")
    public abstract @Nullable Map<String, String> getHadoopConfiguration();

    public static Builder builder() {
      return new AutoValue_HudiReadSchemaTransformProvider_Configuration.Builder();
    }

    HudiRead toRead() {
      if (getTable().isEmpty()) {
        throw new IllegalArgumentException("table (the table's base path) must not be empty");
      }
      HudiRead read = HudiIO.read().withBasePath(getTable());
      if (getKeep() != null && getDrop() != null) {
        throw new IllegalArgumentException("Only one of keep and drop may be set");
      }
      if (getKeep() != null) {
        read = read.keeping(getKeep());
      }
      if (getDrop() != null) {
        read = read.dropping(getDrop());
      }
      if (getFilter() != null) {
        read = read.withPartitionFilter(getFilter());
      }
      if (getQueryType() != null) {
        read = read.withQueryType(HudiRead.QueryType.parse(getQueryType(), "query_type"));
      }
      if (getAsOfInstant() != null) {
        read = read.withAsOfInstant(getAsOfInstant());
      }
      if (getBeginInstant() != null) {
        read = read.withBeginInstant(getBeginInstant());
      }
      if (getEndInstant() != null) {
        read = read.withEndInstant(getEndInstant());
      }
      if (Boolean.TRUE.equals(getMetaColumns())) {
        read = read.withMetaColumns();
      }
      if (getHadoopConfiguration() != null) {
        read = read.withHadoopConfiguration(getHadoopConfiguration());
      }
      boolean streaming = Boolean.TRUE.equals(getStreaming());
      if (!streaming && (getPollIntervalSeconds() != null || getStartingStrategy() != null)) {
        throw new IllegalArgumentException(
            "poll_interval_seconds and starting_strategy need streaming: true");
      }
      if (streaming) {
        int seconds =
            getPollIntervalSeconds() == null
                ? DEFAULT_POLL_INTERVAL_SECONDS
                : getPollIntervalSeconds();
        if (seconds <= 0) {
          throw new IllegalArgumentException(
              "poll_interval_seconds must be a positive number of seconds, but got " + seconds);
        }
        read = read.streaming(Duration.standardSeconds(seconds));
        String start = getStartingStrategy();
        if (start != null) {
          if (start.trim().matches("\\d{14,17}")) {
            read = read.withStartingInstant(start.trim());
          } else {
            read =
                read.withStartingStrategy(
                    HudiRead.StartingStrategy.parse(start, "starting_strategy"));
          }
        }
      }
      return read;
    }

    /** Builds a {@link Configuration}. */
    @AutoValue.Builder
    public abstract static class Builder {
      public abstract Builder setTable(String table);

      public abstract Builder setKeep(List<String> keep);

      public abstract Builder setDrop(List<String> drop);

      public abstract Builder setFilter(String filter);

      public abstract Builder setQueryType(String queryType);

      public abstract Builder setAsOfInstant(String instant);

      public abstract Builder setBeginInstant(String instant);

      public abstract Builder setEndInstant(String instant);

      public abstract Builder setMetaColumns(Boolean metaColumns);

      public abstract Builder setStreaming(Boolean streaming);

      public abstract Builder setPollIntervalSeconds(Integer seconds);

      public abstract Builder setStartingStrategy(String strategy);

      public abstract Builder setHadoopConfiguration(Map<String, String> configuration);

      public abstract Configuration build();
    }
  }
}
