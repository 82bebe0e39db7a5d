/**
 * Key generation as Hudi's key generators do it: record key and partition path of a record ({@code
 * KeyGenerator} chosen by {@code KeyGeneratorType}), the timestamp-based partition path, partition
 * path encoding (hive style, URL encoding), which partition folder names are safe ({@code
 * PartitionPathSafety}) and the partition metadata file. May depend on {@code io.hudibeam.table}
 * only.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.keygen;
