/**
 * Stage 7, commit instant: gathers the write stats on one worker, commits the instant (idempotent),
 * then cleans; {@code CommittedInstant} is its result, which beam-io turns into the public {@code
 * io.hudibeam.HudiCommitInfo}. May depend on the commit module, {@code io.hudibeam.transforms},
 * {@code transforms.coders} and {@code transforms.write}.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.commit;

import org.apache.beam.sdk.annotations.Internal;
