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
package io.hudibeam.transforms.index;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteOperation;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * One index strategy of the {@link TagLocations} stage: prepared records in, each record tagged
 * with the file group that already holds its key (or none). The strategy is chosen by the index
 * type and the operation in {@link #of}, never by reflection. Each strategy is named, and its name
 * is the step's name in the pipeline graph, so the graph shows which index a write used.
 *
 * <p>A Beam composite is a {@link PTransform} subclass, so this small contract is an abstract class
 * holding what every strategy is built from (the step name, the write spec, the started instant)
 * rather than a Java interface.
 */
public abstract class IndexStage
    extends PTransform<PCollection<TableRecord>, PCollection<TaggedRecord>> {
  private static final long serialVersionUID = 1L;
  final IndexSpec spec;
  final PCollectionView<StartedInstant> started;

  IndexStage(String stepName, IndexSpec spec, PCollectionView<StartedInstant> started) {
    super(stepName);
    this.spec = spec;
    this.started = started;
  }

  /**
   * The index stage of a write. With the bucket index every operation is tagged by bucket, as an
   * insert still goes to its bucket's file group, which may exist. Inserts and bulk inserts with
   * the other indexes look nothing up.
   */
  public static IndexStage of(IndexSpec spec, PCollectionView<StartedInstant> started) {
    boolean insertOnly =
        spec.operation() == WriteOperation.INSERT || spec.operation() == WriteOperation.BULK_INSERT;
    return switch (spec.index()) {
      case BUCKET -> new TagByBucket(spec, started);
      case SIMPLE, GLOBAL_SIMPLE ->
          insertOnly ? new TagAsNew(spec, started) : new TagBySimpleIndex(spec, started);
      case BLOOM -> insertOnly ? new TagAsNew(spec, started) : new TagByBloomIndex(spec, started);
    };
  }
}
