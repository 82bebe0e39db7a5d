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
import io.hudibeam.transforms.streaming.IntervalDecision;
import org.apache.beam.sdk.schemas.AutoValueSchema;
import org.apache.beam.sdk.schemas.annotations.DefaultSchema;
import org.apache.beam.sdk.schemas.annotations.SchemaCaseFormat;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldDescription;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldNumber;
import org.apache.beam.vendor.guava.v32_1_2_jre.com.google.common.base.CaseFormat;

/**
 * A commit interval of a streaming write that was not written because its sink had committed the
 * same records for it before (a replay: a job restored from an older checkpoint, or the same stream
 * run again): an element of {@link HudiWriteResult#getSkippedIntervals()}. Immutable, with a Beam
 * schema (field names in snake_case).
 */
@DefaultSchema(AutoValueSchema.class)
@SchemaCaseFormat(CaseFormat.LOWER_UNDERSCORE)
@AutoValue
public abstract class HudiSkippedInterval {
  @SchemaFieldNumber("0")
  @SchemaFieldDescription("The sink id of the stream (withSinkId).")
  public abstract String getSinkId();

  @SchemaFieldNumber("1")
  @SchemaFieldDescription("The interval's start, epoch milliseconds of event time (inclusive).")
  public abstract long getWindowStartMillis();

  @SchemaFieldNumber("2")
  @SchemaFieldDescription("The interval's end, epoch milliseconds of event time (exclusive).")
  public abstract long getWindowEndMillis();

  @SchemaFieldNumber("3")
  @SchemaFieldDescription("The records of the interval that were skipped.")
  public abstract long getRecords();

  @SchemaFieldNumber("4")
  @SchemaFieldDescription(
      "The instant that committed the interval before, or empty if that commit is archived.")
  public abstract String getCommittedBy();

  public static Builder builder() {
    return new AutoValue_HudiSkippedInterval.Builder();
  }

  /** The public form of the coordinator's skip decision. */
  static HudiSkippedInterval of(String sinkId, IntervalDecision skip) {
    return builder()
        .setSinkId(sinkId)
        .setWindowStartMillis(skip.windowStart())
        .setWindowEndMillis(skip.windowEnd())
        .setRecords(skip.records())
        .setCommittedBy(skip.replayOf().orElse(""))
        .build();
  }

  /** Builds a {@link HudiSkippedInterval} (used by the schema inference and by tests). */
  @AutoValue.Builder
  public abstract static class Builder {
    public abstract Builder setSinkId(String sinkId);

    public abstract Builder setWindowStartMillis(long millis);

    public abstract Builder setWindowEndMillis(long millis);

    public abstract Builder setRecords(long records);

    public abstract Builder setCommittedBy(String instantTime);

    public abstract HudiSkippedInterval build();
  }
}
