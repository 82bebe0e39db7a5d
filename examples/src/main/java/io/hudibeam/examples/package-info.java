/**
 * The runnable examples ({@code trips}, {@code ingest}) of the examples jar. They use only HudiIO's
 * public API and the types it returns, so they can be copied into a user's project.
 */
package io.hudibeam.examples;
