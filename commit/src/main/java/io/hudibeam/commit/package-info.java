/**
 * The transaction protocol of one write instant: starting it ({@code InstantStarter}: create or
 * open the table, roll back failed pending instants, write the requested instant), markers,
 * committing it ({@code InstantCommitter}: delete unreferenced files, write the commit metadata),
 * rollback, clean and the table schema of the timeline. May depend on {@code table},
 * {@code timeline}, {@code files} and {@code metadata}.
 */
package io.hudibeam.commit;
