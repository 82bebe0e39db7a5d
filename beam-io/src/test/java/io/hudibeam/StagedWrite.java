package io.hudibeam;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.coders.WriteStatCoder;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.index.TagLocations;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.transforms.instant.StartInstant;
import io.hudibeam.transforms.plan.AssignBuckets;
import io.hudibeam.transforms.plan.PlanWrite;
import io.hudibeam.transforms.records.PrepareRecords;
import io.hudibeam.transforms.schema.HudiAvroSchemas;
import io.hudibeam.transforms.schema.RowToGenericRecord;
import io.hudibeam.transforms.write.WriteSchemas;
import io.hudibeam.write.AppendHandle;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.BucketType;
import io.hudibeam.write.CreateHandle;
import io.hudibeam.write.MergeHandle;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteContext;
import io.hudibeam.write.WritePlan;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The stages of {@link HudiIO.Write#expand} for an upsert of trips rows, assembled by hand so a
 * test can stand in for a runner's retries and failures: the write stage can write every file
 * group twice (a first attempt under another write token whose stat is lost, as when a runner
 * retries a bundle), and the pipeline can die after the write stage instead of committing.
 */
final class StagedWrite {
  /** What follows the write stage. */
  enum Tail {
    COMMIT,
    FAIL_AFTER_WRITES
  }

  private StagedWrite() {}

  /**
   * Runs the write. With {@code lostAttempts}, every file group is first written by an attempt whose
   * stat never reaches the commit; the relative path of each such file is recorded as an empty file
   * in that folder ('/' replaced by '+').
   */
  static void run(HudiIO.Write<Row> write, List<Row> rows, File lostAttempts, Tail tail) {
    Schema avro = HudiAvroSchemas.fromBeamSchema(TripsRows.SCHEMA, "trips");
    WriteSpec spec =
        WriteSettings.of(write.getBasePath(), write.getHoodieProperties())
            .toSpec(avro, Map.of(), FailedRecordPolicy.FAIL);
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    PCollection<GenericRecord> records =
        p.apply(Create.of(rows).withRowSchema(TripsRows.SCHEMA))
            .apply(
                MapElements.into(TypeDescriptor.of(GenericRecord.class))
                    .via(RowToGenericRecord.of(TripsRows.SCHEMA, avro)))
            .setCoder(AvroCoder.of(avro));
    PCollectionView<StartedInstant> started = p.apply("Start instant", new StartInstant(spec));
    PCollection<TaggedRecord> tagged =
        records
            .apply(new PrepareRecords(spec))
            .get(PrepareRecords.RECORDS)
            .apply(new TagLocations(spec, started));
    PCollectionView<WritePlan> plan = tagged.apply(new PlanWrite(spec, started));
    PCollection<WriteStat> stats =
        tagged
            .apply(new AssignBuckets(spec, plan))
            .apply(GroupByKey.create())
            .apply(
                ParDo.of(new WriteWithLostAttemptFn(spec, started, lostAttempts == null ? null : lostAttempts.getAbsolutePath()))
                    .withSideInputs(started))
            .setCoder(WriteStatCoder.of());
    if (tail == Tail.COMMIT) {
      stats.apply(new CommitInstant(spec, started));
    } else {
      stats.apply(Count.globally()).apply(ParDo.of(new FailFn()));
    }
    p.run().waitUntilFinish();
  }

  /** Writes a file group as WriteFileGroups does, optionally after a first attempt whose stat is lost. */
  static final class WriteWithLostAttemptFn extends DoFn<KV<Bucket, Iterable<TableRecord>>, WriteStat> {
    private static final long serialVersionUID = 1L;
    private final WriteSpec spec;
    private final PCollectionView<StartedInstant> started;
    private final String lostAttempts;

    WriteWithLostAttemptFn(WriteSpec spec, PCollectionView<StartedInstant> started, String lostAttempts) {
      this.spec = spec;
      this.started = started;
      this.lostAttempts = lostAttempts;
    }

    @ProcessElement
    public void process(
        @Element KV<Bucket, Iterable<TableRecord>> group, OutputReceiver<WriteStat> out, ProcessContext c) {
      List<TableRecord> records = new ArrayList<>();
      group.getValue().forEach(records::add);
      StartedInstant instant = c.sideInput(started);
      if (lostAttempts != null) {
        WriteStat lost = write(instant, group.getKey(), records, WriteToken.of(1, 1, 0));
        try {
          Files.createFile(new File(lostAttempts, lost.path().replace('/', '+')).toPath());
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      out.output(write(instant, group.getKey(), records, WriteToken.of(1, 1, 1)));
    }

    private WriteStat write(StartedInstant instant, Bucket bucket, List<TableRecord> records, WriteToken token) {
      Configuration conf = spec.hadoopConfiguration();
      FileSystem fs = spec.fileSystem(conf);
      WriteContext context =
          WriteContext.builder()
              .conf(conf)
              .fs(fs)
              .paths(spec.paths())
              .instant(instant.instantTime())
              .schema(WriteSchemas.of(instant, spec))
              .parquet(spec.parquetSettings())
              .orderingField(spec.orderingField())
              .writeToken(token)
              .build();
      if (bucket.type() == BucketType.APPEND) {
        return new AppendHandle(context).write(bucket.slice().get(), records);
      }
      return bucket.baseFile().isPresent()
          ? new MergeHandle(context).write(bucket.baseFile().get(), records)
          : new CreateHandle(context).write(bucket.fileGroupId(), records);
    }
  }

  /** Dies once every file group is written, before the commit. */
  static final class FailFn extends DoFn<Long, Void> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element Long files) {
      throw new IllegalStateException("injected failure after the write stage wrote " + files + " files");
    }
  }
}
