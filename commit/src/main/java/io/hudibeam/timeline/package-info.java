/**
 * The timeline in {@code .hoodie/} (timeline layout 1): instant times, actions and states, the
 * immutable {@code Timeline} snapshot with Hudi's visibility rule, the instant time generator and
 * the writer of state files. May depend on {@code io.hudibeam.table} only.
 */
package io.hudibeam.timeline;
