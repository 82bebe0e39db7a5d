/**
 * A Hudi table as a whole: its base path and folder layout ({@code TablePaths}), its configuration
 * in {@code .hoodie/hoodie.properties} with Hudi's checksum ({@code TableConfig}, {@code
 * TableConfigStore}, {@code TableProperty}), the table type and timeline timezone, and the
 * exceptions that name a table problem. The root of the commit module: depends on nothing else in
 * io.hudibeam. Plain Java and Hadoop's FileSystem; no Beam imports (as for every package of the
 * commit module).
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.table;
