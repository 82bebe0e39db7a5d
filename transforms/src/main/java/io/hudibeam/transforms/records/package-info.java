/**
 * Stage 2, prepare records: key generation, failed records, de-duplication before the bucket index,
 * and the preferred record of a key ({@code PreferredRecord}). May depend on the commit module,
 * {@code io.hudibeam.transforms} and {@code transforms.coders}.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.records;

import org.apache.beam.sdk.annotations.Internal;
