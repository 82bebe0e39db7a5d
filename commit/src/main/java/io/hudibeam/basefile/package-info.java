/**
 * Base files: Parquet with Hudi's five meta fields, written and read through parquet-avro, with
 * the footer Hudi's readers and its bloom index expect (bloom filter, min/max record key, schema).
 * May depend on {@code io.hudibeam.table} only.
 */
package io.hudibeam.basefile;
