/**
 * Stage 1, start instant: mints the write instant at run time and hands it to every later stage as
 * a singleton side input. May depend on the commit module and {@code io.hudibeam.transforms}.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.instant;

import org.apache.beam.sdk.annotations.Internal;
