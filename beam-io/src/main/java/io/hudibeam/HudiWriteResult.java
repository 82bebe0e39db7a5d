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

import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PInput;
import org.apache.beam.sdk.values.POutput;
import org.apache.beam.sdk.values.PValue;
import org.apache.beam.sdk.values.TupleTag;

/**
 * The output of {@link HudiIO.Write}: the instants it committed, with their counts, the records it
 * could not write (only filled with {@code withFailedRecordsOutput()}), and, for a streaming write,
 * the commit intervals it skipped as replays. All are public value types with a Beam schema ({@link
 * HudiCommitInfo}, {@link HudiFailedRecord}, {@link HudiSkippedInterval}), so they can be used with
 * {@code Select}, {@code Convert} or Beam SQL.
 */
public final class HudiWriteResult implements POutput {
  private static final TupleTag<HudiCommitInfo> COMMITTED = new TupleTag<>("committedInstants");
  private static final TupleTag<HudiFailedRecord> FAILED = new TupleTag<>("failedRecords");
  private static final TupleTag<HudiSkippedInterval> SKIPPED = new TupleTag<>("skippedIntervals");

  private final Pipeline pipeline;
  private final PCollection<HudiCommitInfo> committedInstants;
  private final PCollection<HudiFailedRecord> failedRecords;
  private final PCollection<HudiSkippedInterval> skippedIntervals;

  HudiWriteResult(
      Pipeline pipeline,
      PCollection<HudiCommitInfo> committedInstants,
      PCollection<HudiFailedRecord> failedRecords,
      PCollection<HudiSkippedInterval> skippedIntervals) {
    this.pipeline = pipeline;
    this.committedInstants = committedInstants;
    this.failedRecords = failedRecords;
    this.skippedIntervals = skippedIntervals;
  }

  /** One element per committed instant. */
  public PCollection<HudiCommitInfo> getCommittedInstants() {
    return committedInstants;
  }

  /** Records that could not be written, with the reason. */
  public PCollection<HudiFailedRecord> getFailedRecords() {
    return failedRecords;
  }

  /**
   * One element per commit interval of a streaming write that was skipped as a replay (its sink had
   * committed the same records for it); always empty for a batch write.
   */
  public PCollection<HudiSkippedInterval> getSkippedIntervals() {
    return skippedIntervals;
  }

  @Override
  public Pipeline getPipeline() {
    return pipeline;
  }

  @Override
  public Map<TupleTag<?>, PValue> expand() {
    return Map.of(COMMITTED, committedInstants, FAILED, failedRecords, SKIPPED, skippedIntervals);
  }

  @Override
  public void finishSpecifyingOutput(
      String transformName, PInput input, PTransform<?, ?> transform) {}
}
