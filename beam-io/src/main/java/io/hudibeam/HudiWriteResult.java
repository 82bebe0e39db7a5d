package io.hudibeam;

import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.records.FailedRecord;
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
 * it could not write (only filled with {@code withFailedRecordsOutput()}).
 */
public final class HudiWriteResult implements POutput {
  private static final TupleTag<CommittedInstant> COMMITTED = new TupleTag<>("committedInstants");
  private static final TupleTag<FailedRecord> FAILED = new TupleTag<>("failedRecords");

  private final Pipeline pipeline;
  private final PCollection<CommittedInstant> committedInstants;
  private final PCollection<FailedRecord> failedRecords;

  HudiWriteResult(
      Pipeline pipeline,
      PCollection<CommittedInstant> committedInstants,
      PCollection<FailedRecord> failedRecords) {
    this.pipeline = pipeline;
    this.committedInstants = committedInstants;
    this.failedRecords = failedRecords;
  }

  /** One element per committed instant. */
  public PCollection<CommittedInstant> getCommittedInstants() {
    return committedInstants;
  }

  /** Records that could not be written, with the reason. */
  public PCollection<FailedRecord> getFailedRecords() {
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
