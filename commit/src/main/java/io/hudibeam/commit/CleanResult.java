package io.hudibeam.commit;

import io.hudibeam.timeline.InstantTime;
import java.util.List;
import java.util.Objects;

/**
 * What one completed clean instant did.
 *
 * @param cleanTime the time of the {@code clean} instant
 * @param deletedFiles absolute paths of the files deleted (or found already absent on a resumed clean)
 * @param failedFiles absolute paths of the files that could not be deleted
 */
public record CleanResult(InstantTime cleanTime, List<String> deletedFiles, List<String> failedFiles) {
  public CleanResult {
    Objects.requireNonNull(cleanTime, "cleanTime");
    deletedFiles = List.copyOf(deletedFiles);
    failedFiles = List.copyOf(failedFiles);
  }
}
