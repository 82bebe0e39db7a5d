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
 * The output of {@link HudiIO.Write}: the instants it committed, with their counts, and the records
 * it could not write (only filled with {@code withFailedRecordsOutput()}). Both are public value
 * types with a Beam schema ({@link HudiCommitInfo}, {@link HudiFailedRecord}), so they can be used
 * with {@code Select}, {@code Convert} or Beam SQL.
 */
public final class HudiWriteResult implements POutput {
  private static final TupleTag<HudiCommitInfo> COMMITTED = new TupleTag<>("committedInstants");
  private static final TupleTag<HudiFailedRecord> FAILED = new TupleTag<>("failedRecords");

  private final Pipeline pipeline;
  private final PCollection<HudiCommitInfo> committedInstants;
  private final PCollection<HudiFailedRecord> failedRecords;

  HudiWriteResult(
      Pipeline pipeline,
      PCollection<HudiCommitInfo> committedInstants,
      PCollection<HudiFailedRecord> failedRecords) {
    this.pipeline = pipeline;
    this.committedInstants = committedInstants;
    this.failedRecords = failedRecords;
  }

  /** One element per committed instant. */
  public PCollection<HudiCommitInfo> getCommittedInstants() {
    return committedInstants;
  }

  /** Records that could not be written, with the reason. */
  public PCollection<HudiFailedRecord> getFailedRecords() {
    return failedRecords;
  }

  @Override
  public Pipeline getPipeline() {
    return pipeline;
  }

  @Override
  public Map<TupleTag<?>, PValue> expand() {
    return Map.of(COMMITTED, committedInstants, FAILED, failedRecords);
  }

  @Override
  public void finishSpecifyingOutput(
      String transformName, PInput input, PTransform<?, ?> transform) {}
}
