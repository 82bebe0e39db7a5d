/**
 * Schemas: Beam schema to Avro (the table schema Hudi readers expect), Row to GenericRecord
 * conversion, and the normalisation of a user's Avro schema. May depend on {@code
 * io.hudibeam.table} and Beam only.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.schema;

import org.apache.beam.sdk.annotations.Internal;
