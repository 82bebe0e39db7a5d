/**
 * Key generation as Hudi's key generators do it: record key and partition path of a record
 * ({@code KeyGenerator} chosen by {@code KeyGeneratorType}), the timestamp-based partition path,
 * partition path encoding (hive style, URL encoding) and the partition metadata file. May depend on
 * {@code io.hudibeam.table} only.
 */
package io.hudibeam.keygen;
