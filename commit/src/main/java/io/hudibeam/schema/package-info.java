/**
 * Schema evolution: which schema a write commits given the table's latest schema and the incoming
 * one, or why the write is refused ({@code SchemaEvolution}, Hudi 0.15's {@code
 * HoodieSchemaUtils.deduceWriterSchema} rules), and rewriting records into that schema by name with
 * Avro's type promotions ({@code RecordRewriter}). May depend on {@code table}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.schema;
