/*
 * Copyright 2026 The HudiIO Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
