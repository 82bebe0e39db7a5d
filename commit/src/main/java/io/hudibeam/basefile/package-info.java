/**
 * Base files: Parquet with Hudi's five meta fields, written and read through parquet-avro, with the
 * footer Hudi's readers and its bloom index expect (bloom filter, min/max record key, schema). May
 * depend on {@code io.hudibeam.table} only.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.basefile;
