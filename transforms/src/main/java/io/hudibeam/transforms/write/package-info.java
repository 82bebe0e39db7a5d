/**
 * Stage 6, write file groups: one writer per file group per instant after a GroupByKey, and the
 * bulk insert path that writes new file groups straight from the bundle. Output: write stats. May
 * depend on the commit module, {@code io.hudibeam.transforms} and {@code transforms.coders}.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.write;

import org.apache.beam.sdk.annotations.Internal;
