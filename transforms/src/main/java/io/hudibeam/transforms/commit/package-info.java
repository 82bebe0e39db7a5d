/**
 * Stage 7, commit instant: gathers the write stats on one worker, commits the instant (idempotent),
 * then cleans; {@code CommittedInstant} is the result element users get. May depend on the commit
 * module, {@code io.hudibeam.transforms}, {@code transforms.coders} and {@code transforms.write}.
 */
package io.hudibeam.transforms.commit;
