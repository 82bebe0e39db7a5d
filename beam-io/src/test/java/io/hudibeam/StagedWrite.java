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
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.coders.WriteStatCoder;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.instant.WriteSchemas;
import io.hudibeam.transforms.write.FilesSpec;
import io.hudibeam.transforms.write.WriteFileGroups;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.TableRecord;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.runners.AppliedPTransform;
import org.apache.beam.sdk.runners.PTransformOverride;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.util.construction.PTransformMatchers;
import org.apache.beam.sdk.util.construction.PTransformReplacements;
import org.apache.beam.sdk.util.construction.SingleInputOutputOverrideFactory;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.conf.Configuration;

/**
 * A {@link HudiIO#write()} of trips rows, the pipeline {@link HudiIO.Write#expand} builds, with one
 * or two of its stages overridden (Beam's {@link PTransformOverride}, as runners replace
 * transforms) so a test can stand in for a runner's retries and failures: the write stage can write
 * every file group twice (a first attempt under another write token whose stat is lost, as when a
 * runner retries a bundle), and the commit stage can die once every file group is written instead
 * of committing. Every other stage is the real one.
 */
final class StagedWrite {
  /** What follows the write stage. */
  enum Tail {
    COMMIT,
    FAIL_AFTER_WRITES
  }

  private StagedWrite() {}

  /**
   * Runs the write. With {@code lostAttempts}, every file group is first written by an attempt
   * whose stat never reaches the commit; the relative path of each such file is recorded as an
   * empty file in that folder ('/' replaced by '+').
   */
  static void run(HudiIO.Write<Row> write, List<Row> rows, File lostAttempts, Tail tail) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(rows).withRowSchema(TripsRows.SCHEMA)).apply(write);
    List<PTransformOverride> overrides = new ArrayList<>();
    if (lostAttempts != null) {
      overrides.add(
          PTransformOverride.of(
              PTransformMatchers.classEqualTo(WriteFileGroups.class),
              new LostAttemptsOverride(lostAttempts.getAbsolutePath())));
    }
    if (tail == Tail.FAIL_AFTER_WRITES) {
      overrides.add(
          PTransformOverride.of(
              PTransformMatchers.classEqualTo(CommitInstant.class), new FailOverride()));
    }
    p.replaceAll(overrides);
    p.run().waitUntilFinish();
  }

  /** Replaces the write stage by one that writes every file group twice, losing the first stat. */
  static final class LostAttemptsOverride
      extends SingleInputOutputOverrideFactory<
          PCollection<KV<Bucket, TableRecord>>, PCollection<WriteStat>, WriteFileGroups> {
    private final String lostAttempts;

    LostAttemptsOverride(String lostAttempts) {
      this.lostAttempts = lostAttempts;
    }

    @Override
    public PTransformReplacement<PCollection<KV<Bucket, TableRecord>>, PCollection<WriteStat>>
        getReplacementTransform(
            AppliedPTransform<
                    PCollection<KV<Bucket, TableRecord>>, PCollection<WriteStat>, WriteFileGroups>
                transform) {
      WriteFileGroups stage = transform.getTransform();
      return PTransformReplacement.of(
          PTransformReplacements.getSingletonMainInput(transform),
          new WriteWithLostAttempts(stage.spec(), stage.started(), lostAttempts));
    }
  }

  /** The write stage with a lost first attempt per file group. */
  static final class WriteWithLostAttempts
      extends PTransform<PCollection<KV<Bucket, TableRecord>>, PCollection<WriteStat>> {
    private static final long serialVersionUID = 1L;
    private final FilesSpec spec;
    private final PCollectionView<StartedInstant> started;
    private final String lostAttempts;

    WriteWithLostAttempts(
        FilesSpec spec, PCollectionView<StartedInstant> started, String lostAttempts) {
      this.spec = spec;
      this.started = started;
      this.lostAttempts = lostAttempts;
    }

    @Override
    public PCollection<WriteStat> expand(PCollection<KV<Bucket, TableRecord>> routed) {
      return routed
          .apply("Group by file group", GroupByKey.create())
          .apply(
              "Write twice",
              ParDo.of(new WriteWithLostAttemptFn(spec, started, lostAttempts))
                  .withSideInputs(started))
          .setCoder(WriteStatCoder.of());
    }
  }

  /**
   * Writes a file group as WriteFileGroups does (its file group writer), after a first attempt
   * whose stat is lost.
   */
  static final class WriteWithLostAttemptFn
      extends DoFn<KV<Bucket, Iterable<TableRecord>>, WriteStat> {
    private static final long serialVersionUID = 1L;
    private final FilesSpec spec;
    private final PCollectionView<StartedInstant> started;
    private final String lostAttempts;

    WriteWithLostAttemptFn(
        FilesSpec spec, PCollectionView<StartedInstant> started, String lostAttempts) {
      this.spec = spec;
      this.started = started;
      this.lostAttempts = lostAttempts;
    }

    @ProcessElement
    public void process(
        @Element KV<Bucket, Iterable<TableRecord>> group,
        OutputReceiver<WriteStat> out,
        ProcessContext c) {
      List<TableRecord> records = new ArrayList<>();
      group.getValue().forEach(records::add);
      StartedInstant instant = c.sideInput(started);
      WriteStat lost = write(instant, group.getKey(), records, WriteToken.of(1, 1, 0));
      try {
        Files.createFile(new File(lostAttempts, lost.path().replace('/', '+')).toPath());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      out.output(write(instant, group.getKey(), records, WriteToken.of(1, 1, 1)));
    }

    private WriteStat write(
        StartedInstant instant, Bucket bucket, List<TableRecord> records, WriteToken token) {
      Configuration conf = spec.hadoopConfiguration();
      return spec.transaction(conf, spec.fileSystem(conf))
          .fileGroupWriter(instant)
          .schema(WriteSchemas.of(instant, spec.schemaJson()))
          .parquet(spec.parquet())
          .orderingField(spec.orderingField())
          .writeToken(token)
          .operation(spec.operation())
          .mergeMemory(spec.mergeMemory())
          .build()
          .write(bucket, records);
    }
  }

  /** Replaces the commit stage by one that dies once every file group is written. */
  static final class FailOverride
      extends SingleInputOutputOverrideFactory<
          PCollection<WriteStat>, PCollection<CommittedInstant>, CommitInstant> {
    @Override
    public PTransformReplacement<PCollection<WriteStat>, PCollection<CommittedInstant>>
        getReplacementTransform(
            AppliedPTransform<PCollection<WriteStat>, PCollection<CommittedInstant>, CommitInstant>
                transform) {
      return PTransformReplacement.of(
          PTransformReplacements.getSingletonMainInput(transform), new FailAfterWrites());
    }
  }

  /** Counts the write stats (so every file group is written first), then dies. */
  static final class FailAfterWrites
      extends PTransform<PCollection<WriteStat>, PCollection<CommittedInstant>> {
    private static final long serialVersionUID = 1L;

    @Override
    public PCollection<CommittedInstant> expand(PCollection<WriteStat> stats) {
      return stats
          .apply("Count files", Count.globally())
          .apply("Fail", ParDo.of(new FailFn()))
          .setCoder(CommittedInstant.CommittedInstantCoder.of());
    }
  }

  /** Dies once every file group is written, before the commit. */
  static final class FailFn extends DoFn<Long, CommittedInstant> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element Long files) {
      throw new IllegalStateException(
          "injected failure after the write stage wrote " + files + " files");
    }
  }
}
