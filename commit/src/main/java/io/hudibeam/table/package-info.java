/**
 * A Hudi table as a whole: its base path and folder layout ({@code TablePaths}), its
 * configuration in {@code .hoodie/hoodie.properties} with Hudi's checksum ({@code TableConfig},
 * {@code TableConfigStore}, {@code TableProperty}), the table type and timeline timezone, and the
 * exceptions that name a table problem. The root of the commit module: depends on nothing else in
 * io.hudibeam. Plain Java and Hadoop's FileSystem; no Beam imports (as for every package of the
 * commit module).
 */
package io.hudibeam.table;
