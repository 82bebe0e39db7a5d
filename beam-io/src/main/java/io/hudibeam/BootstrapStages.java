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
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.transforms.bootstrap.ReadSourceFiles;
import io.hudibeam.transforms.bootstrap.WriteBootstrapIndex;
import io.hudibeam.transforms.bootstrap.WriteSkeletonFiles;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.instant.StartInstant;
import io.hudibeam.transforms.instant.StartSpec;
import io.hudibeam.transforms.records.FailedRecord;
import io.hudibeam.transforms.records.PrepareRecords;
import io.hudibeam.transforms.services.TableServices;
import io.hudibeam.transforms.write.BulkInsertFiles;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * The stages of {@link HudiIO#bootstrap()} in pipeline order, one named step each: the source files
 * (elements {@code KV<path, partition path>}) become base files (FULL_RECORD), skeleton files with
 * the bootstrap index (METADATA_ONLY), or both, in two commits, as Hudi's {@code
 * SparkBootstrapCommitActionExecutor} (0.15.0, 1.0.2) orders them.
 */
final class BootstrapStages {
  private BootstrapStages() {}

  /**
   * What every bootstrap stage needs: the source's base path, the schema of the records read from
   * it (JSON), the record key and partition fields, the stages' specs and the start of the table
   * that records the source ({@code hoodie.bootstrap.base.path}).
   */
  record Bootstrap(
      String sourceBasePath,
      String schemaJson,
      List<String> recordKeyFields,
      List<String> partitionFields,
      StageSpecs specs,
      StartSpec start) {
    Bootstrap {
      recordKeyFields = List.copyOf(recordKeyFields);
      partitionFields = List.copyOf(partitionFields);
    }
  }

  /**
   * The FULL_RECORD bootstrap: the source files are read, one element each, into records that take
   * the bulk_insert path, at Hudi's full-bootstrap instant ({@code 00000000000002}). As Hudi's
   * {@code SparkBootstrapCommitActionExecutor.fullBootstrap}, the commit is a bulk insert's
   * (operation type {@code bulk_insert}); the table services run after it as after any write.
   */
  static HudiWriteResult fullRecord(
      Pipeline pipeline, PCollection<KV<String, String>> sourceFiles, Bootstrap bootstrap) {
    PCollectionView<StartedInstant> started =
        pipeline.apply("Start instant", StartInstant.fullRecordBootstrap(bootstrap.start()));
    FullRecordWrite write = fullRecordWrite(sourceFiles, started, bootstrap);
    PCollection<CommittedInstant> committed =
        TableServices.after(
            write
                .stats()
                .apply(
                    "Commit instant", new CommitInstant(bootstrap.specs().commit(), started, null)),
            bootstrap.specs().services());
    return PublicResults.batch(pipeline, committed, write.failed());
  }

  /**
   * The METADATA_ONLY bootstrap: at Hudi's metadata bootstrap instant ({@code 00000000000001}) each
   * source file gets a skeleton file in a new file group, one element each; the bootstrap index is
   * written, then the commit records the skeleton files with operation type {@code bootstrap}, as
   * Hudi's {@code SparkBootstrapCommitActionExecutor.metadataBootstrap} does. No table service runs
   * after it (there is nothing to clean, compact or archive).
   */
  static HudiWriteResult metadataOnly(
      Pipeline pipeline, PCollection<KV<String, String>> sourceFiles, Bootstrap bootstrap) {
    return new HudiWriteResult(
        pipeline,
        PublicResults.commits(metadataOnlyCommit(pipeline, sourceFiles, bootstrap)),
        PublicResults.noFailures(pipeline),
        PublicResults.noSkippedIntervals(pipeline));
  }

  /**
   * A bootstrap that mixes the modes, as Hudi's {@code SparkBootstrapCommitActionExecutor.execute}
   * runs it: the METADATA_ONLY partitions committed at {@code 00000000000001} first, then the
   * FULL_RECORD partitions as a bulk insert at {@code 00000000000002}, started once the first
   * commit is done. No table service runs after either commit.
   */
  static HudiWriteResult mixed(
      Pipeline pipeline,
      PCollection<KV<String, String>> metadataOnlyFiles,
      PCollection<KV<String, String>> fullRecordFiles,
      Bootstrap bootstrap) {
    PCollection<CommittedInstant> first =
        metadataOnlyCommit(pipeline, metadataOnlyFiles, bootstrap);
    PCollectionView<StartedInstant> started =
        pipeline.apply(
            "Start full-record instant",
            StartInstant.fullRecordBootstrapAfter(bootstrap.start(), first));
    FullRecordWrite write = fullRecordWrite(fullRecordFiles, started, bootstrap);
    PCollection<CommittedInstant> second =
        write
            .stats()
            .apply(
                "Commit full-record instant",
                new CommitInstant(bootstrap.specs().commit(), started, null));
    PCollection<CommittedInstant> both =
        PCollectionList.of(first).and(second).apply("Both commits", Flatten.pCollections());
    return PublicResults.batch(pipeline, both, write.failed());
  }

  /** The FULL_RECORD files' write stats and the records that failed on the way. */
  private record FullRecordWrite(PCollection<WriteStat> stats, PCollection<FailedRecord> failed) {}

  private static FullRecordWrite fullRecordWrite(
      PCollection<KV<String, String>> sourceFiles,
      PCollectionView<StartedInstant> started,
      Bootstrap bootstrap) {
    StageSpecs specs = bootstrap.specs();
    PCollection<GenericRecord> records =
        sourceFiles.apply(
            "Read source files",
            new ReadSourceFiles(
                specs.write().location(),
                bootstrap.schemaJson(),
                bootstrap.recordKeyFields(),
                bootstrap.partitionFields()));
    PCollectionTuple prepared =
        records.apply("Prepare records", new PrepareRecords(specs.records()));
    PCollection<WriteStat> stats =
        prepared
            .get(PrepareRecords.RECORDS)
            .apply("Bulk insert files", new BulkInsertFiles(specs.files(), started));
    return new FullRecordWrite(stats, prepared.get(PrepareRecords.FAILED));
  }

  private static PCollection<CommittedInstant> metadataOnlyCommit(
      Pipeline pipeline, PCollection<KV<String, String>> sourceFiles, Bootstrap bootstrap) {
    StageSpecs specs = bootstrap.specs();
    PCollectionView<StartedInstant> started =
        pipeline.apply("Start instant", StartInstant.metadataOnlyBootstrap(bootstrap.start()));
    PCollection<WriteStat> stats =
        sourceFiles
            .apply(
                "Write skeleton files",
                new WriteSkeletonFiles(
                    specs.files(),
                    specs.records().keyGenerator(),
                    bootstrap.schemaJson(),
                    bootstrap.recordKeyFields(),
                    bootstrap.partitionFields(),
                    started))
            .apply(
                "Write bootstrap index",
                new WriteBootstrapIndex(specs.files(), bootstrap.sourceBasePath(), started));
    return stats.apply(
        "Commit instant",
        new CommitInstant(
            specs.commit().withOperationType(OperationType.BOOTSTRAP), started, null));
  }
}
