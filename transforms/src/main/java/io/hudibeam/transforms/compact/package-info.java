/**
 * Compaction of a merge-on-read table as a pipeline of its own ({@code HudiIO.compact()}): schedule
 * or resume, one file slice per element after a reshuffle, commit per compaction instant. May
 * depend on the commit module, {@code transforms.coders}, {@code transforms.commit} (its output
 * type) and {@code transforms.write} (write tokens).
 */
package io.hudibeam.transforms.compact;
