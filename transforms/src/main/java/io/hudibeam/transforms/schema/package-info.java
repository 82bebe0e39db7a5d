/**
 * Schemas: Beam schema to Avro (the table schema Hudi readers expect), Row to GenericRecord
 * conversion, and the normalisation of a user's Avro schema. May depend on {@code io.hudibeam.table}
 * and Beam only.
 */
package io.hudibeam.transforms.schema;
