/**
 * Deterministic coders of the values that cross a shuffle or a side input (records, locations,
 * base files, buckets, write stats), each tested by a round trip. May depend on the commit module
 * and Beam only.
 */
package io.hudibeam.transforms.coders;
