/**
 * Writing records into file groups: the record and its operation ({@code TableRecord},
 * {@code RecordPayload}), the write plan (Hudi's workload profile, small-file packing and bucket
 * assignment in {@code WritePlanner}), and the write handles (create, rolling create, merge,
 * concat) that produce base files and write stats. May depend on every other package of the
 * commit module; no other package of the commit module depends on it.
 */
package io.hudibeam.write;
