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
