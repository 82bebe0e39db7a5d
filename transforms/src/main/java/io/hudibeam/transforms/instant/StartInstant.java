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
package io.hudibeam.transforms.instant;

import io.hudibeam.bootstrap.BootstrapInstants;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.coders.StartedInstantCoder;
import io.hudibeam.write.WriteOperation;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Impulse;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.transforms.Wait;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Stage 1. Impulse → one DoFn that decides the write schema (refusing an input schema the table
 * cannot take, before anything is written), creates or opens the table, refuses a conflicting
 * request, rolls back failed pending instants, mints the instant and writes {@code
 * <T>.commit.requested}. The started instant reaches every later stage as a singleton side input,
 * so it exists before any data is written and is minted at run time, never in {@code expand()}. A
 * delete on a base path with no table fails here instead of creating one.
 */
public final class StartInstant extends PTransform<PBegin, PCollectionView<StartedInstant>> {
  private static final long serialVersionUID = 1L;
  private final StartSpec spec;
  private final @Nullable InstantTime bootstrapInstant;
  private final transient @Nullable PCollection<?> after;

  public StartInstant(StartSpec spec) {
    this(spec, null, null);
  }

  private StartInstant(
      StartSpec spec, @Nullable InstantTime bootstrapInstant, @Nullable PCollection<?> after) {
    this.spec = spec;
    this.bootstrapInstant = bootstrapInstant;
    this.after = after;
  }

  /**
   * Starts the FULL_RECORD bootstrap instant, {@code 00000000000002} ({@link
   * BootstrapInstants#FULL_RECORD}), on a new table (or one with no completed write) created from
   * the spec's table config, which names the source ({@code hoodie.bootstrap.base.path}).
   */
  public static StartInstant fullRecordBootstrap(StartSpec spec) {
    return new StartInstant(spec, BootstrapInstants.FULL_RECORD, null);
  }

  /**
   * As {@link #fullRecordBootstrap}, once {@code metadataOnlyCommitted} (the METADATA_ONLY part's
   * commit of the same bootstrap) is done: Hudi commits a bootstrap that mixes the modes as {@code
   * 00000000000001}, then {@code 00000000000002}.
   */
  public static StartInstant fullRecordBootstrapAfter(
      StartSpec spec, PCollection<?> metadataOnlyCommitted) {
    return new StartInstant(spec, BootstrapInstants.FULL_RECORD, metadataOnlyCommitted);
  }

  /**
   * Starts the METADATA_ONLY bootstrap instant, {@code 00000000000001} ({@link
   * BootstrapInstants#METADATA_ONLY}), as {@link #fullRecordBootstrap} starts its own.
   */
  public static StartInstant metadataOnlyBootstrap(StartSpec spec) {
    return new StartInstant(spec, BootstrapInstants.METADATA_ONLY, null);
  }

  @Override
  public PCollectionView<StartedInstant> expand(PBegin input) {
    DoFn<byte[], StartedInstant> start =
        bootstrapInstant != null
            ? new StartBootstrapFn(spec, bootstrapInstant)
            : new StartInstantFn(spec);
    PCollection<byte[]> impulse = input.apply("Impulse", Impulse.create());
    if (after != null) {
      impulse = impulse.apply("After the metadata bootstrap", Wait.on(after));
    }
    return impulse
        .apply("Start", ParDo.of(start))
        .setCoder(StartedInstantCoder.of())
        .apply("As side input", View.asSingleton());
  }

  static final class StartInstantFn extends DoFn<byte[], StartedInstant> {
    private static final long serialVersionUID = 1L;
    private final StartSpec spec;
    private final Counter instants = Metrics.counter(StartInstant.class, "instantsStarted");

    StartInstantFn(StartSpec spec) {
      this.spec = spec;
    }

    @ProcessElement
    public void process(OutputReceiver<StartedInstant> out) {
      Configuration conf = spec.hadoopConfiguration();
      FileSystem fs = spec.fileSystem(conf);
      StartedInstant started =
          spec.control()
              .transaction(conf, fs, spec.paths())
              .start(
                  spec.tableConfig(),
                  spec.commitAction(),
                  spec.operation() == WriteOperation.DELETE
                      ? InstantStarter.IfMissing.REFUSE
                      : InstantStarter.IfMissing.CREATE,
                  // Refuses a schema the table cannot take before the starter writes anything.
                  () -> WriteSchemas.decide(spec, fs).toString());
      instants.inc();
      out.output(started);
    }
  }

  /** Starts a bootstrap instant (Hudi's reserved time, not a minted one). */
  static final class StartBootstrapFn extends DoFn<byte[], StartedInstant> {
    private static final long serialVersionUID = 1L;
    private final StartSpec spec;
    private final InstantTime bootstrapInstant;
    private final Counter instants = Metrics.counter(StartInstant.class, "instantsStarted");

    StartBootstrapFn(StartSpec spec, InstantTime bootstrapInstant) {
      this.spec = spec;
      this.bootstrapInstant = bootstrapInstant;
    }

    @ProcessElement
    public void process(OutputReceiver<StartedInstant> out) {
      Configuration conf = spec.hadoopConfiguration();
      FileSystem fs = spec.fileSystem(conf);
      StartedInstant started =
          spec.control()
              .transaction(conf, fs, spec.paths())
              .startBootstrap(
                  spec.tableConfig(),
                  spec.commitAction(),
                  bootstrapInstant,
                  () -> WriteSchemas.decide(spec, fs).toString());
      instants.inc();
      out.output(started);
    }
  }
}
