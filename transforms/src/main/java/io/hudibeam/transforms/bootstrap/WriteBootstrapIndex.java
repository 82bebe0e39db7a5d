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
package io.hudibeam.transforms.bootstrap;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.skeleton.BootstrapFileMapping;
import io.hudibeam.skeleton.BootstrapIndexWriter;
import io.hudibeam.skeleton.SkeletonFile;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.transforms.write.FilesSpec;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.coders.CannotProvideCoderException;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CoderRegistry;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * "Write bootstrap index" of a METADATA_ONLY bootstrap: gathers every skeleton file, writes the
 * bootstrap index that maps their file groups to the source files ({@link BootstrapIndexWriter}),
 * then passes the skeleton files' write stats on to the commit, as Hudi's {@code
 * SparkBootstrapCommitActionExecutor.metadataBootstrap} writes the index before it commits. A retry
 * after the instant completed leaves the index alone.
 */
public final class WriteBootstrapIndex
    extends PTransform<PCollection<SkeletonFile>, PCollection<WriteStat>> {
  private static final long serialVersionUID = 1L;
  private final FilesSpec spec;
  private final String sourceBasePath;
  private final PCollectionView<StartedInstant> started;

  public WriteBootstrapIndex(
      FilesSpec spec, String sourceBasePath, PCollectionView<StartedInstant> started) {
    this.spec = spec;
    this.sourceBasePath = sourceBasePath;
    this.started = started;
  }

  @Override
  public PCollection<WriteStat> expand(PCollection<SkeletonFile> files) {
    return files
        .apply("Gather skeleton files", Combine.globally(new GatherFn()))
        .setCoder(ListCoder.of(SkeletonFileCoder.of()))
        .apply("Write index", ParDo.of(new IndexFn(this)).withSideInputs(started))
        .setCoder(io.hudibeam.transforms.coders.WriteStatCoder.of());
  }

  static final class IndexFn extends DoFn<List<SkeletonFile>, WriteStat> {
    private static final long serialVersionUID = 1L;
    private final WriteBootstrapIndex t;

    IndexFn(WriteBootstrapIndex t) {
      this.t = t;
    }

    @RequiresStableInput
    @ProcessElement
    public void process(@Element List<SkeletonFile> files, ProcessContext c) {
      StartedInstant instant = c.sideInput(t.started);
      Configuration conf = t.spec.hadoopConfiguration();
      FileSystem fs = t.spec.fileSystem(conf);
      if (!Timeline.load(fs, t.spec.paths()).containsCompleted(instant.instantTime())) {
        List<BootstrapFileMapping> mappings = new ArrayList<>();
        files.forEach(f -> mappings.add(f.mapping()));
        new BootstrapIndexWriter(conf, fs, t.spec.paths())
            .write(t.sourceBasePath, mappings, System.currentTimeMillis());
      }
      files.forEach(f -> c.output(f.stat()));
    }
  }

  /** Collects the skeleton files into one list. */
  static final class GatherFn
      extends Combine.CombineFn<SkeletonFile, List<SkeletonFile>, List<SkeletonFile>> {
    private static final long serialVersionUID = 1L;

    @Override
    public List<SkeletonFile> createAccumulator() {
      return new ArrayList<>();
    }

    @Override
    public List<SkeletonFile> addInput(List<SkeletonFile> acc, SkeletonFile file) {
      acc.add(file);
      return acc;
    }

    @Override
    public List<SkeletonFile> mergeAccumulators(Iterable<List<SkeletonFile>> all) {
      List<SkeletonFile> merged = new ArrayList<>();
      all.forEach(merged::addAll);
      return merged;
    }

    @Override
    public List<SkeletonFile> extractOutput(List<SkeletonFile> acc) {
      return acc;
    }

    @Override
    public Coder<List<SkeletonFile>> getAccumulatorCoder(
        CoderRegistry registry, Coder<SkeletonFile> input) throws CannotProvideCoderException {
      return ListCoder.of(SkeletonFileCoder.of());
    }
  }
}
