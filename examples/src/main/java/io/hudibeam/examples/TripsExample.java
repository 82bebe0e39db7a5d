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
package io.hudibeam.examples;

import io.hudibeam.HudiIO;
import io.hudibeam.HudiSkippedInterval;
import io.hudibeam.HudiWriteResult;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.StreamingOptions;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Filter;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Duration;
import org.joda.time.Instant;

/**
 * Writes one batch of the trips data set to a Hudi table: {@code trips --table=PATH
 * --operation=upsert --batch=B --start=S --count=N}. The records are generated inside the pipeline,
 * so any count fits. With Beam's {@code --streaming} the batch is generated as an unbounded stream
 * of {@code --rate} records per second (event time derived from the record index, see {@link
 * TripsStream}) and committed every {@code --commitInterval} seconds of event time; the job ends
 * when every record is committed.
 */
public final class TripsExample {
  /** The trips command's options; every Beam pipeline option is accepted as well. */
  public interface Options extends TableOptions {
    @Description("Batch number b: ts and fare depend on it, so a later batch updates earlier keys")
    @Default.Long(0)
    long getBatch();

    void setBatch(long value);

    @Description("First record index")
    @Default.Long(0)
    long getStart();

    void setStart(long value);

    @Description("Number of records: indexes start .. start+count-1")
    @Default.Long(1000)
    long getCount();

    void setCount(long value);

    @Description("With --streaming: records per second of the generated stream")
    @Default.Long(1000)
    long getRate();

    void setRate(long value);

    @Description(
        "With --streaming: the commit interval in seconds (event time; one commit per interval)")
    @Default.Long(10)
    long getCommitInterval();

    void setCommitInterval(long value);

    @Description(
        "With --streaming: the stream's identity on the table (its sink id); a rerun with the same"
            + " id skips the intervals it committed before. Default: trips-<operation>-b<batch>-s<start>,"
            + " so a stream of another operation, batch or start is another stream")
    String getSinkId();

    void setSinkId(String value);
  }

  /**
   * The stream's sink id: {@code --sinkId}, else one made of what makes a trips stream distinct
   * (its operation, batch and first index): a stream of the same records with another operation (a
   * delete after an insert) or of another batch (a reprocessing with new values) is another stream,
   * and a rerun of the same command is the same one.
   */
  static String sinkId(Options options) {
    if (options.getSinkId() != null) {
      if (options.getSinkId().isEmpty()) {
        throw new UsageException("--sinkId must not be empty");
      }
      return options.getSinkId();
    }
    return String.format(
        java.util.Locale.ROOT,
        "%s-%s-b%d-s%d",
        TripsRecords.TABLE_NAME,
        options.getOperation().toLowerCase(java.util.Locale.ROOT),
        options.getBatch(),
        options.getStart());
  }

  /**
   * The end of the commit interval (fixed windows of {@code --commitInterval} seconds of event
   * time) that holds the stream's last record: a stream is done once its sink is committed through
   * it.
   */
  static Instant endOfLastInterval(Options options) {
    if (options.getRate() <= 0 || options.getCommitInterval() <= 0) {
      throw new UsageException(
          "--rate and --commitInterval must be > 0, but were "
              + options.getRate()
              + " and "
              + options.getCommitInterval());
    }
    long interval = Duration.standardSeconds(options.getCommitInterval()).getMillis();
    long last = options.getStart() + Math.max(0, options.getCount() - 1);
    long time = TripsStream.eventTime(options.getBatch(), last, options.getRate()).getMillis();
    return new Instant(Math.floorDiv(time, interval) * interval + interval);
  }

  private TripsExample() {}

  /**
   * The stream on the embedded FlinkRunner: Beam's {@code GenerateSequence} at the rate, counting
   * from 0 and offset by the first index (the counting source paces its absolute values against the
   * time since it started, so one started at index S would first idle S / rate seconds), each index
   * at the event time {@link TripsStream#eventTime} gives it, so the commit intervals are those of
   * the DirectRunner's stream; the indexes past the last record are dropped, so the stream goes on
   * with no records (its watermark moving at the rate) until the command stops the job once every
   * record is committed ({@link StopSignal}).
   */
  private static PCollection<Row> endlessStream(Pipeline pipeline, long batch, Options options) {
    long start = options.getStart();
    long count = options.getCount();
    long rate = options.getRate();
    if (rate <= 0) {
      throw new UsageException("--rate must be > 0 records per second, but was " + rate);
    }
    return pipeline
        .apply(
            "Trips stream " + batch,
            GenerateSequence.from(0)
                .withRate(rate, Duration.standardSeconds(1))
                .withTimestampFn(n -> TripsStream.eventTime(batch, start + n, rate)))
        .apply("Trips " + start + " to " + (start + count), Filter.by((Long n) -> n < count))
        .apply(
            "Trips records",
            MapElements.into(TypeDescriptors.rows())
                .via((Long n) -> TripsRecords.row(batch, start + n)));
  }

  /** Records per generated range: ranges, not single indexes, are the source's elements. */
  static final long RANGE_SIZE = 10_000;

  /** {@code [start, start + count)} as {@code [from, to)} ranges of at most {@link #RANGE_SIZE}. */
  static List<KV<Long, Long>> indexRanges(long start, long count) {
    List<KV<Long, Long>> ranges = new ArrayList<>();
    for (long from = start; from < start + count; from += RANGE_SIZE) {
      ranges.add(KV.of(from, Math.min(from + RANGE_SIZE, start + count)));
    }
    return ranges;
  }

  /** The trips records of one index range. */
  static final class TripsFn extends DoFn<KV<Long, Long>, Row> {
    private static final long serialVersionUID = 1L;
    private final long batch;

    TripsFn(long batch) {
      this.batch = batch;
    }

    @ProcessElement
    public void process(@Element KV<Long, Long> range, OutputReceiver<Row> out) {
      for (long i = range.getKey(); i < range.getValue(); i++) {
        out.output(TripsRecords.row(batch, i));
      }
    }
  }

  /** Builds the trips pipeline from parsed options; {@code Main} runs it. */
  public static Pipeline build(Options options, long startedAtMillis) {
    return build(options, startedAtMillis, null);
  }

  /**
   * The pipeline; with a {@code stop} signal (a stream on the embedded FlinkRunner), the stream
   * keeps going after its last record and the signal is raised once the sink is committed through
   * the interval of its last record ({@link StopSignal}), for the command to stop the job.
   */
  static Pipeline build(Options options, long startedAtMillis, @Nullable StopSignal stop) {
    WriteOperation operation = TableOptions.parse(options).operation();
    if (options.getCount() < 0 || options.getStart() < 0) {
      throw new UsageException(
          "--start and --count must be >= 0, but were "
              + options.getStart()
              + " and "
              + options.getCount());
    }
    HudiIO.Write<Row> write =
        TableOptions.configure(
            HudiIO.write()
                .withBasePath(options.getTable())
                .withTableName(TripsRecords.TABLE_NAME)
                .withRecordKeyFields(TripsRecords.RECORD_KEY_FIELD)
                .withPartitionFields(TripsRecords.PARTITION_FIELD)
                .withOrderingField(TripsRecords.ORDERING_FIELD),
            options);

    long batch = options.getBatch();
    Pipeline pipeline = Pipeline.create(options);
    if (options.as(StreamingOptions.class).isStreaming()) {
      if (options.getCommitInterval() <= 0) {
        throw new UsageException(
            "--commitInterval must be > 0 seconds, but was " + options.getCommitInterval());
      }
      PCollection<Row> stream =
          stop == null
              ? pipeline
                  .apply(
                      "Index range",
                      Create.of(KV.of(options.getStart(), options.getStart() + options.getCount()))
                          .withCoder(KvCoder.of(VarLongCoder.of(), VarLongCoder.of())))
                  .apply(
                      "Trips stream " + batch, ParDo.of(new TripsStream(batch, options.getRate())))
              : endlessStream(pipeline, batch, options);
      HudiWriteResult streamed =
          stream
              .setRowSchema(TripsRecords.SCHEMA)
              .apply(
                  "Write " + operation.name().toLowerCase(java.util.Locale.ROOT),
                  write
                      .withTriggeringFrequency(
                          Duration.standardSeconds(options.getCommitInterval()))
                      .withSinkId(sinkId(options)));
      streamed.getCommittedInstants().apply("Summary", CommitSummary.print(startedAtMillis));
      PCollection<HudiSkippedInterval> skipped =
          streamed.getSkippedIntervals().apply("Skipped", SkippedSummary.print());
      if (stop != null) {
        stop.watch(streamed, skipped);
      }
      return pipeline;
    }
    HudiWriteResult result =
        pipeline
            .apply(
                "Index ranges",
                Create.of(indexRanges(options.getStart(), options.getCount()))
                    .withCoder(KvCoder.of(VarLongCoder.of(), VarLongCoder.of())))
            .apply("Trips batch " + batch, ParDo.of(new TripsFn(batch)))
            .setRowSchema(TripsRecords.SCHEMA)
            .apply("Write " + operation.name().toLowerCase(java.util.Locale.ROOT), write);
    result.getCommittedInstants().apply("Summary", CommitSummary.print(startedAtMillis));
    return pipeline;
  }
}
