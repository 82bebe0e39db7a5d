/**
 * Data file names and the file-system view: base and log file names with their file id, write token
 * and instant, file groups and file slices, and {@code FileSystemView} (the latest slice of each
 * file group, as Hudi's readers see it). May depend on {@code io.hudibeam.table} and {@code
 * io.hudibeam.timeline}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.files;
