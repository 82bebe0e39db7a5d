/**
 * The timeline in {@code .hoodie/} (timeline layout 1): instant times, actions and states, the
 * immutable {@code Timeline} snapshot with Hudi's visibility rule, the instant time generator and
 * the writer of state files. May depend on {@code io.hudibeam.table} only.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.timeline;
