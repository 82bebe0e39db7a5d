package io.hudibeam.commit;

import io.hudibeam.table.HudiTableException;

/**
 * A rollback that must not run: the instant is completed, is not a write, would break Hudi's
 * rollback ordering rule, or needs merge-on-read log handling, which is not supported.
 */
public class RollbackRefusedException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public RollbackRefusedException(String message) {
    super(message);
  }
}
