/**
 * Timeline metadata of a Hudi table (version 6): the JSON commit metadata written into commit,
 * deltacommit and replacecommit instants, and the Avro plans and results of rollback, clean and
 * replace instants. Values here are immutable and independent of Hudi's own classes; the codecs
 * produce bytes Hudi 0.14/0.15 readers parse and read the bytes those writers produce.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.metadata;
