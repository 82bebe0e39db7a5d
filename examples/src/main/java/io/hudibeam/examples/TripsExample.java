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
import io.hudibeam.HudiWriteResult;
import io.hudibeam.table.TableType;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.StreamingOptions;
import org.apache.beam.sdk.options.Validation;
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
  public interface Options extends ProgressOptions {
    @Description(
        "Base path of the table (local path or Hadoop file system URI); created if missing")
    @Validation.Required
    String getTable();

    void setTable(String value);

    @Description("insert, upsert, bulk_insert or delete")
    @Default.String("upsert")
    String getOperation();

    void setOperation(String value);

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

    @Description("COPY_ON_WRITE (default) or MERGE_ON_READ")
    @Default.String("COPY_ON_WRITE")
    String getTableType();

    void setTableType(String value);

    @Description(
        "Table version of a new table: 6 (default; Hudi 0.14 and 0.15's format, which Hudi 1.x also"
            + " reads) or 8 (Hudi 1.x's format), for COPY_ON_WRITE and MERGE_ON_READ alike; an"
            + " existing table keeps its version")
    @Default.Integer(6)
    int getTableVersion();

    void setTableVersion(int value);

    @Description("Index type: SIMPLE, GLOBAL_SIMPLE, BLOOM or BUCKET; HudiIO's default when absent")
    String getIndex();

    void setIndex(String value);

    @Description(
        "With --index=BUCKET: buckets (file groups) per partition; HudiIO's default (256) when absent."
            + " Every writer of a table must use the same count")
    Integer getBuckets();

    void setBuckets(Integer value);

    @Description("With --streaming: records per second of the generated stream")
    @Default.Long(1000)
    long getRate();

    void setRate(long value);

    @Description(
        "With --streaming: the commit interval in seconds (event time; one commit per interval)")
    @Default.Long(10)
    long getCommitInterval();

    void setCommitInterval(long value);
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
   * How many of the stream's records a run still has to commit when its sink is committed through
   * {@code committedThrough}: those whose commit interval (fixed windows of {@code
   * --commitInterval} seconds of event time) ends after it. A rerun skips the others (a replay).
   */
  static long recordsLeftToCommit(Options options, Optional<Instant> committedThrough) {
    if (committedThrough.isEmpty()) {
      return options.getCount();
    }
    if (options.getRate() <= 0 || options.getCommitInterval() <= 0) {
      throw new UsageException(
          "--rate and --commitInterval must be > 0, but were "
              + options.getRate()
              + " and "
              + options.getCommitInterval());
    }
    long interval = Duration.standardSeconds(options.getCommitInterval()).getMillis();
    long through = committedThrough.get().getMillis();
    long left = 0;
    for (long i = options.getStart(); i < options.getStart() + options.getCount(); i++) {
      long time = TripsStream.eventTime(options.getBatch(), i, options.getRate()).getMillis();
      if (Math.floorDiv(time, interval) * interval + interval > through) {
        left++;
      }
    }
    return left;
  }

  /**
   * The pipeline; with a {@code stop} signal (a stream on the embedded FlinkRunner), the stream
   * keeps going after its last record and the signal is raised once the records left to commit are
   * committed ({@link StopSignal}), for the command to stop the job.
   */
  static Pipeline build(Options options, long startedAtMillis, @Nullable StopSignal stop) {
    WriteOperation operation =
        Choices.parse("operation", options.getOperation(), WriteOperation.class);
    TableType tableType = Choices.parse("tableType", options.getTableType(), TableType.class);
    int tableVersion = Choices.tableVersion(options.getTableVersion());
    if (options.getCount() < 0 || options.getStart() < 0) {
      throw new UsageException(
          "--start and --count must be >= 0, but were "
              + options.getStart()
              + " and "
              + options.getCount());
    }
    HudiIO.Write<Row> write =
        HudiIO.write()
            .withBasePath(options.getTable())
            .withTableName(TripsRecords.TABLE_NAME)
            .withTableType(tableType)
            .withRecordKeyFields(TripsRecords.RECORD_KEY_FIELD)
            .withPartitionFields(TripsRecords.PARTITION_FIELD)
            .withOrderingField(TripsRecords.ORDERING_FIELD)
            .withOperation(operation)
            .withTableVersion(tableVersion);
    if (options.getIndex() != null) {
      write = write.withIndex(Choices.parse("index", options.getIndex(), IndexType.class));
    }
    if (options.getBuckets() != null) {
      if (!"BUCKET".equalsIgnoreCase(options.getIndex())) {
        throw new UsageException(
            "--buckets is the BUCKET index's bucket count: it needs --index=BUCKET, but --index was "
                + options.getIndex());
      }
      if (options.getBuckets() <= 0) {
        throw new UsageException("--buckets must be > 0, but was " + options.getBuckets());
      }
      write = write.withBucketCount(options.getBuckets());
    }

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
                  write.withTriggeringFrequency(
                      Duration.standardSeconds(options.getCommitInterval())));
      streamed.getCommittedInstants().apply("Summary", CommitSummary.print(startedAtMillis));
      if (stop != null) {
        streamed.getCommittedInstants().apply("Stop when committed", stop);
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
