/**
 * The public API: {@code HudiIO.write()} and {@code HudiIO.writeGenericRecords()}, their settings
 * (each also accepted under Hudi's key) and {@code HudiWriteResult}. {@code HudiIO.expand()} wires
 * the stages of {@code io.hudibeam.transforms} in pipeline order, one named step each. May depend on
 * the transforms and commit modules; users' code depends only on this package (and the value
 * types it returns).
 */
package io.hudibeam;
