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
import io.hudibeam.transforms.Deduplication;
import io.hudibeam.write.TableRecord;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * Stage 3. Tags each record with the file group that already holds its key, if any, with the {@link
 * IndexStage} of the write's index type and operation, applied as one named step:
 *
 * <ul>
 *   <li>{@link TagAsNew} ("Insert-only index"): INSERT and BULK_INSERT with SIMPLE, GLOBAL_SIMPLE
 *       or BLOOM look nothing up.
 *   <li>{@link TagByBucket} ("Bucket index"): the file group of the key's bucket, for every
 *       operation.
 *   <li>{@link TagBySimpleIndex} ("Simple index", "Global simple index"): a join with the keys of
 *       the latest base files.
 *   <li>{@link TagByBloomIndex} ("Bloom index"): key ranges and bloom filters prune the files whose
 *       keys are read, then the same join.
 * </ul>
 *
 * <p>Shared pieces: {@link LatestBaseFiles} (loads the timeline and the file-system view once per
 * write, for the partitions the records touch), {@link IndexJoin} with {@link StoredKeys} and
 * {@link TagFn}. Only upserts and deletes reach the join, and it keeps one incoming record per join
 * key, the one with the larger ordering value ({@link Deduplication#IN_INDEX_JOIN}): PrepareRecords
 * de-duplicates only for the bucket index, so with the other indexes upserts and deletes arrive
 * here with duplicates.
 *
 * <p>The stage's metrics (records found and new, files and keys read, bloom candidates) are in this
 * class's namespace whichever strategy runs.
 */
public final class TagLocations
    extends PTransform<PCollection<TableRecord>, PCollection<TaggedRecord>> {
  private static final long serialVersionUID = 1L;
  private final IndexSpec spec;
  private final PCollectionView<StartedInstant> started;

  public TagLocations(IndexSpec spec, PCollectionView<StartedInstant> started) {
    this.spec = spec;
    this.started = started;
  }

  @Override
  public PCollection<TaggedRecord> expand(PCollection<TableRecord> records) {
    return records.apply(IndexStage.of(spec, started));
  }
}
