/**
 * Stage 1, start instant: mints the write instant at run time and hands it to every later stage as
 * a singleton side input. May depend on the commit module and {@code io.hudibeam.transforms}.
 */
package io.hudibeam.transforms.instant;
