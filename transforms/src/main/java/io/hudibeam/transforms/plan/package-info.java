/**
 * Stages 4 and 5, profile workload and assign buckets: Hudi's workload profile saved into the
 * inflight instant, and the routing of each tagged record to its file group (updates to theirs,
 * inserts into small files first, then new file groups). May depend on the commit module, {@code
 * io.hudibeam.transforms}, {@code transforms.coders} and {@code transforms.index} (its input type).
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.plan;

import org.apache.beam.sdk.annotations.Internal;
