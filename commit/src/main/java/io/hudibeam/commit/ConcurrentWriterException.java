package io.hudibeam.commit;

import io.hudibeam.table.HudiTableException;

/**
 * A write was refused or undone because another writer works on the same table: a pending instant
 * with a live heartbeat at start, or, at commit, a write completed since this one started that
 * touched the same file groups (a write conflict), or this instant rolled back by another writer.
 */
public class ConcurrentWriterException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public ConcurrentWriterException(String message) {
    super(message);
  }
}
