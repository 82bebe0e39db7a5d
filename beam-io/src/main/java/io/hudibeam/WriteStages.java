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

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.index.TagLocations;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.transforms.instant.StartInstant;
import io.hudibeam.transforms.plan.AssignBuckets;
import io.hudibeam.transforms.plan.AssignInserts;
import io.hudibeam.transforms.plan.PlanWrite;
import io.hudibeam.transforms.plan.Routing;
import io.hudibeam.transforms.records.PrepareRecords;
import io.hudibeam.transforms.services.TableServices;
import io.hudibeam.transforms.streaming.CoordinateInstants;
import io.hudibeam.transforms.streaming.FlinkCheckpointing;
import io.hudibeam.transforms.streaming.IntervalDecision;
import io.hudibeam.transforms.streaming.SkipCommittedIntervals;
import io.hudibeam.transforms.streaming.StartedInstants;
import io.hudibeam.transforms.streaming.StreamSettings;
import io.hudibeam.transforms.streaming.WaitForSideInput;
import io.hudibeam.transforms.write.BulkInsertFiles;
import io.hudibeam.transforms.write.WriteFileGroups;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.OperationTypes;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteOperation;
import io.hudibeam.write.WritePlan;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.transforms.windowing.DefaultTrigger;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PCollectionView;
import org.joda.time.Duration;

/**
 * The stages of a write in pipeline order, one named step each (the names are pinned by {@code
 * HudiIOStepNamesTest}): the batch write, one instant for the whole input, and the streaming write,
 * one instant per commit interval.
 */
final class WriteStages {
  private WriteStages() {}

  /**
   * The stages of {@code write} applied to {@code input}: checks the input and every setting, once
   * (a bad value or combination fails here, when the pipeline is built), then the batch write or,
   * with a commit interval, the streaming write.
   */
  static <T> HudiWriteResult of(HudiIO.Write<T> write, PCollection<T> input) {
    Duration frequency = write.getTriggeringFrequency();
    if (input.isBounded() == PCollection.IsBounded.UNBOUNDED && frequency == null) {
      throw new IllegalArgumentException(
          "HudiIO.write() got an unbounded PCollection ("
              + input.getName()
              + "): set"
              + " withTriggeringFrequency(Duration), the commit interval: one Hudi instant is committed per"
              + " interval of event time that has records");
    }
    WriteSettings settings = WriteSettings.of(write.getBasePath(), write.getHoodieProperties());
    if (frequency != null) {
      settings.checkStreamable();
    }
    PCollection<GenericRecord> records =
        WriteInput.withOrderingValue(write, WriteInput.records(write, input, settings), settings);
    Schema schema = ((AvroCoder<GenericRecord>) records.getCoder()).getSchema();
    settings.checkFieldsExist(schema);
    StageSpecs specs;
    try {
      // Reads every setting the stages take, once; a bad value or combination fails here.
      specs =
          StageSpecs.of(
              settings.toSpec(
                  schema,
                  write.getChangeTypes(),
                  write.getHadoopConfiguration(),
                  write.getFailedRecordsOutput()
                      ? FailedRecordPolicy.OUTPUT
                      : FailedRecordPolicy.FAIL));
    } catch (HudiTableException e) {
      throw new IllegalArgumentException("HudiIO.write(): " + e.getMessage(), e);
    }
    if (frequency == null) {
      return batch(input.getPipeline(), records, specs);
    }
    String sinkId =
        write.getSinkId() == null
            ? settings.tableName() + "-" + OperationTypes.of(specs.write().operation()).value()
            : write.getSinkId();
    return streaming(input.getPipeline(), records, specs, StreamSettings.of(sinkId, frequency));
  }

  /** The batch write: start one instant, prepare, tag, plan, write and commit. */
  static HudiWriteResult batch(
      Pipeline pipeline, PCollection<GenericRecord> records, StageSpecs specs) {
    WriteSpec spec = specs.write();
    PCollectionView<StartedInstant> started =
        pipeline.apply("Start instant", new StartInstant(specs.start()));
    PCollectionTuple prepared =
        records.apply("Prepare records", new PrepareRecords(specs.records()));
    PCollection<WriteStat> stats;
    PCollectionView<WritePlan> plan = null;
    if (spec.operation() == WriteOperation.BULK_INSERT) {
      stats =
          prepared
              .get(PrepareRecords.RECORDS)
              .apply("Bulk insert files", new BulkInsertFiles(specs.files(), started));
    } else {
      PCollection<TaggedRecord> tagged =
          prepared
              .get(PrepareRecords.RECORDS)
              .apply("Tag locations", new TagLocations(specs.index(), started));
      plan =
          tagged.apply(
              "Profile workload",
              new PlanWrite(specs.plan(), started, Routing.of(specs.plan(), false)));
      stats =
          tagged
              .apply("Assign buckets", new AssignBuckets(specs.plan(), plan))
              .apply("Write file groups", new WriteFileGroups(specs.files(), started));
    }
    PCollection<CommittedInstant> committed =
        TableServices.after(
            stats.apply("Commit instant", new CommitInstant(specs.commit(), started, plan)),
            specs.services());
    return PublicResults.batch(pipeline, committed, prepared.get(PrepareRecords.FAILED));
  }

  /**
   * The streaming write: the records are cut into commit intervals (event-time windows), an instant
   * is started per interval that has records, in order, each after the previous one is completed;
   * the batch stages then run per interval, and one commit per interval completes it.
   */
  static HudiWriteResult streaming(
      Pipeline pipeline,
      PCollection<GenericRecord> records,
      StageSpecs specs,
      StreamSettings stream) {
    FlinkCheckpointing.check(pipeline.getOptions());
    FlinkCheckpointing.checkInput(pipeline.getOptions(), records.isBounded());
    PCollection<GenericRecord> windowed =
        records.apply(
            "Commit intervals",
            Window.<GenericRecord>into(FixedWindows.of(stream.commitInterval()))
                .triggering(DefaultTrigger.of())
                .withAllowedLateness(Duration.ZERO)
                .discardingFiredPanes());
    PCollection<IntervalDecision> decisions =
        windowed.apply("Start instants", new CoordinateInstants(specs.start(), stream));
    PCollectionView<List<IntervalDecision>> decisionView =
        decisions.apply("Decisions as side input", View.asList());
    PCollection<StartedInstant> startedPerInterval =
        decisions.apply("Started instants", new StartedInstants());
    PCollectionView<StartedInstant> started =
        startedPerInterval.apply("Started instant as side input", View.asSingleton());
    PCollectionTuple prepared =
        windowed
            .apply(
                "Skip committed intervals", new SkipCommittedIntervals<GenericRecord>(decisionView))
            .apply("Prepare records", new PrepareRecords(specs.records()));
    PCollection<TaggedRecord> tagged =
        prepared
            .get(PrepareRecords.RECORDS)
            .apply("Tag locations", new TagLocations(specs.index(), started));
    PCollection<KV<Bucket, TableRecord>> routed;
    Routing routing = Routing.of(specs.plan(), true);
    PCollectionView<WritePlan> plan =
        tagged.apply("Profile workload", new PlanWrite(specs.plan(), started, routing));
    if (routing.assignsInsertsAsTheyArrive()) {
      routed =
          PCollectionList.of(
                  tagged
                      .apply("Wait for the plan", new WaitForSideInput<TaggedRecord>(plan))
                      .apply(
                          "Assign buckets", AssignBuckets.existingFileGroups(specs.plan(), plan)))
              .and(tagged.apply("Assign inserts", new AssignInserts(specs.plan(), started)))
              .apply("Updates and inserts", Flatten.pCollections());
    } else {
      routed =
          tagged
              .apply("Wait for the plan", new WaitForSideInput<TaggedRecord>(plan))
              .apply("Assign buckets", new AssignBuckets(specs.plan(), plan));
    }
    PCollection<WriteStat> stats =
        routed.apply("Write file groups", new WriteFileGroups(specs.files(), started));
    PCollection<CommittedInstant> committed =
        TableServices.after(
            stats.apply(
                "Commit instant",
                CommitInstant.perCommitInterval(specs.commit(), startedPerInterval)),
            specs.services());
    return new HudiWriteResult(
        pipeline,
        PublicResults.commits(committed),
        PublicResults.failures(prepared.get(PrepareRecords.FAILED)),
        PublicResults.skippedIntervals(decisions, stream.sinkId()));
  }
}
