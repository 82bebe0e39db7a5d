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

import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.records.FailedRecord;
import io.hudibeam.transforms.streaming.IntervalDecision;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.Filter;
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

  /** The result of a batch write: its commits and failed records; it skips no interval. */
  static HudiWriteResult batch(
      Pipeline pipeline,
      PCollection<CommittedInstant> committed,
      PCollection<FailedRecord> failed) {
    return new HudiWriteResult(
        pipeline, commits(committed), failures(failed), noSkippedIntervals(pipeline));
  }

  /** A batch write skips nothing. */
  static PCollection<HudiSkippedInterval> noSkippedIntervals(Pipeline pipeline) {
    return pipeline.apply(
        "No skipped intervals", Create.empty(TypeDescriptor.of(HudiSkippedInterval.class)));
  }

  /** The coordinator's skip decisions of a streaming write. */
  static PCollection<HudiSkippedInterval> skippedIntervals(
      PCollection<IntervalDecision> decisions, String sinkId) {
    return decisions
        .apply("Replayed intervals", Filter.by(IntervalDecision::isSkip))
        .apply(
            "Skipped intervals",
            MapElements.into(TypeDescriptor.of(HudiSkippedInterval.class))
                .via(skip -> HudiSkippedInterval.of(sinkId, skip)));
  }

  /** A write that reads no records fails none. */
  static PCollection<HudiFailedRecord> noFailures(Pipeline pipeline) {
    return pipeline.apply(
        "No failed records", Create.empty(TypeDescriptor.of(HudiFailedRecord.class)));
  }

  static PCollection<HudiFailedRecord> failures(PCollection<FailedRecord> failed) {
    return failed.apply(
        "Failed records",
        MapElements.into(TypeDescriptor.of(HudiFailedRecord.class)).via(HudiFailedRecord::of));
  }
}
