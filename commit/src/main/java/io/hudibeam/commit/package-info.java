/**
 * The transaction protocol of one write instant: starting it ({@code InstantStarter}: refuse a
 * damaged table ({@code TableIntegrity}), create or open the table, roll back failed pending
 * instants, write the requested instant), markers, committing it ({@code InstantCommitter}: delete
 * unreferenced files, write the commit metadata), rollback, clean and the table schema of the
 * timeline. May depend on {@code table}, {@code timeline}, {@code files} and {@code metadata}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.commit;
