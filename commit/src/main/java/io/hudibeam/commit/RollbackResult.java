package io.hudibeam.commit;

import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.util.List;
import java.util.Objects;

/**
 * What one completed rollback instant did: the rollback instant, the instant it rolled back, and the
 * absolute paths of the data files it deleted or failed to delete.
 *
 * @param rollbackTime the time of the {@code rollback} instant
 * @param rolledBackTime the time of the rolled-back write instant
 * @param rolledBackAction the action of the rolled-back write instant
 * @param deletedFiles files deleted (or found already absent when a rollback was resumed)
 * @param failedFiles files that could not be deleted
 */
public record RollbackResult(
    InstantTime rollbackTime,
    InstantTime rolledBackTime,
    Action rolledBackAction,
    List<String> deletedFiles,
    List<String> failedFiles) {

  public RollbackResult {
    Objects.requireNonNull(rollbackTime, "rollbackTime");
    Objects.requireNonNull(rolledBackTime, "rolledBackTime");
    Objects.requireNonNull(rolledBackAction, "rolledBackAction");
    deletedFiles = List.copyOf(deletedFiles);
    failedFiles = List.copyOf(failedFiles);
  }
}
