package io.hudibeam;

import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.records.FailedRecord;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TypeDescriptor;

/** Converts the stages' internal results to the public, schema'd {@link HudiWriteResult} types. */
final class PublicResults {
  private PublicResults() {}

  static PCollection<HudiCommitInfo> commits(PCollection<CommittedInstant> committed) {
    return committed.apply(
        "Committed instants",
        MapElements.into(TypeDescriptor.of(HudiCommitInfo.class)).via(HudiCommitInfo::of));
  }

  static PCollection<HudiFailedRecord> failures(PCollection<FailedRecord> failed) {
    return failed.apply(
        "Failed records",
        MapElements.into(TypeDescriptor.of(HudiFailedRecord.class)).via(HudiFailedRecord::of));
  }
}
