/**
 * Stage 3, tag locations: {@code TagLocations} applies the {@code IndexStage} of the write's index
 * type and operation, one PTransform per index ({@code TagAsNew}, {@code TagByBucket}, {@code
 * TagBySimpleIndex}, {@code TagByBloomIndex}); shared pieces are {@code LatestBaseFiles} (one
 * listing per write, derived from the records), {@code IndexJoin}, {@code JoinKey} and {@code
 * TagFn}. Output: {@code TaggedRecord}. May depend on the commit module, {@code
 * io.hudibeam.transforms}, {@code transforms.coders} and {@code transforms.records}.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.index;

import org.apache.beam.sdk.annotations.Internal;
