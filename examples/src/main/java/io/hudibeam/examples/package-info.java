/**
 * The runnable examples ({@code trips}, {@code ingest}) of the examples jar. They use only HudiIO's
 * public API and the types it returns, so they can be copied into a user's project. Beyond it, only
 * the progress line on the embedded Flink ({@link io.hudibeam.examples.FlinkJobListener}) uses
 * Flink's job listener API and the metrics accumulator of Beam's FlinkRunner.
 */
package io.hudibeam.examples;
