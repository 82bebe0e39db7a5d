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
import io.hudibeam.transforms.records.FailedRecord;
import org.apache.beam.sdk.schemas.AutoValueSchema;
import org.apache.beam.sdk.schemas.annotations.DefaultSchema;
import org.apache.beam.sdk.schemas.annotations.SchemaCaseFormat;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldDescription;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldNumber;
import org.apache.beam.vendor.guava.v32_1_2_jre.com.google.common.base.CaseFormat;

/**
 * A record {@code withFailedRecordsOutput()} did not write: an element of {@link
 * HudiWriteResult#getFailedRecords()}. Immutable, with a Beam schema (snake_case field names).
 */
@DefaultSchema(AutoValueSchema.class)
@SchemaCaseFormat(CaseFormat.LOWER_UNDERSCORE)
@AutoValue
public abstract class HudiFailedRecord {
  @SchemaFieldNumber("0")
  @SchemaFieldDescription("The record as Avro's JSON text.")
  public abstract String getRecord();

  @SchemaFieldNumber("1")
  @SchemaFieldDescription("Why it was not written, naming the field and what was expected.")
  public abstract String getReason();

  public static HudiFailedRecord of(String record, String reason) {
    return new AutoValue_HudiFailedRecord.Builder().setRecord(record).setReason(reason).build();
  }

  static HudiFailedRecord of(FailedRecord failed) {
    return of(failed.record(), failed.reason());
  }

  /** Builds a {@link HudiFailedRecord} (used by the schema inference). */
  @AutoValue.Builder
  public abstract static class Builder {
    public abstract Builder setRecord(String record);

    public abstract Builder setReason(String reason);

    public abstract HudiFailedRecord build();
  }
}
