/**
 * Deterministic coders of the values that cross a shuffle or a side input (records, locations, base
 * files, buckets, write stats), each tested by a round trip. May depend on the commit module and
 * Beam only.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.coders;

import org.apache.beam.sdk.annotations.Internal;
