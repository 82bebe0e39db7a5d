/**
 * Schema evolution: which schema a write commits given the table's latest schema and the incoming
 * one, or why the write is refused ({@code SchemaEvolution}, Hudi 0.15's {@code
 * HoodieSchemaUtils.deduceWriterSchema} rules), and rewriting records into that schema by name with
 * Avro's type promotions ({@code RecordRewriter}). May depend on {@code table}.
 */
package io.hudibeam.schema;
