package io.hudibeam.metadata;

import java.util.Arrays;

/** How a clean instant chose the file slices to delete (Hudi's {@code HoodieCleaningPolicy}). */
public enum CleaningPolicy {
  KEEP_LATEST_FILE_VERSIONS,
  KEEP_LATEST_COMMITS,
  KEEP_LATEST_BY_HOURS;

  public String format() {
    return name();
  }

  public static CleaningPolicy parse(String name) {
    for (CleaningPolicy policy : values()) {
      if (policy.name().equals(name)) {
        return policy;
      }
    }
    throw new InvalidMetadataException(
        "Unknown cleaning policy '" + name + "'; expected one of " + Arrays.toString(values()));
  }
}
