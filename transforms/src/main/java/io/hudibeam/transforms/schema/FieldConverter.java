package io.hudibeam.transforms.schema;

/**
 * Converts one non-null Beam value (as a {@link org.apache.beam.sdk.values.Row} holds it) to the
 * plain Avro value parquet-avro and Avro's GenericDatumWriter write without logical type
 * conversions: Integer, Long, Float, Double, Boolean, String, ByteBuffer, GenericFixed, List, Map
 * or GenericRecord. Built once per schema by {@link FieldConverters}.
 */
@FunctionalInterface
interface FieldConverter {
  Object convert(Object beamValue);
}
