/**
 * Data file names and the file-system view: base and log file names with their file id, write
 * token and instant, file groups and file slices, and {@code FileSystemView} (the latest slice of
 * each file group, as Hudi's readers see it). May depend on {@code io.hudibeam.table} and
 * {@code io.hudibeam.timeline}.
 */
package io.hudibeam.files;
