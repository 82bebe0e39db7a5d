package io.hudibeam.commit;

import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.util.Locale;
import java.util.Map;

/**
 * How the cleaner chooses what to delete, read from Hudi's write config keys (Hudi's
 * {@code HoodieCleanConfig}): {@value #AUTOMATIC} (default true; whether the writer cleans
 * after each commit), {@value #POLICY} (default KEEP_LATEST_COMMITS), {@value #COMMITS_RETAINED}
 * (default 10) and {@value #FILE_VERSIONS_RETAINED} (default 3). KEEP_LATEST_BY_HOURS is not
 * supported.
 *
 * @param automatic whether the writer cleans after each commit
 * @param policy the cleaning policy, KEEP_LATEST_COMMITS or KEEP_LATEST_FILE_VERSIONS
 * @param commitsRetained completed commits whose file slices KEEP_LATEST_COMMITS keeps
 * @param fileVersionsRetained file slices per file group KEEP_LATEST_FILE_VERSIONS keeps
 */
public record CleanSettings(
    boolean automatic, CleaningPolicy policy, int commitsRetained, int fileVersionsRetained)
    implements Serializable {

  public static final String AUTOMATIC = "hoodie.clean.automatic";
  public static final String POLICY = "hoodie.cleaner.policy";
  public static final String COMMITS_RETAINED = "hoodie.cleaner.commits.retained";
  public static final String FILE_VERSIONS_RETAINED = "hoodie.cleaner.fileversions.retained";

  public static final int DEFAULT_COMMITS_RETAINED = 10;
  public static final int DEFAULT_FILE_VERSIONS_RETAINED = 3;

  public CleanSettings {
    if (policy == null) {
      throw new HudiTableException(POLICY + " must be set");
    }
    if (policy == CleaningPolicy.KEEP_LATEST_BY_HOURS) {
      throw new HudiTableException(POLICY + "=" + policy
          + " is not supported; expected KEEP_LATEST_COMMITS or KEEP_LATEST_FILE_VERSIONS");
    }
    if (commitsRetained < 1) {
      throw new HudiTableException(COMMITS_RETAINED + " must be >= 1, but was " + commitsRetained);
    }
    if (fileVersionsRetained < 1) {
      throw new HudiTableException(FILE_VERSIONS_RETAINED + " must be >= 1, but was " + fileVersionsRetained);
    }
  }

  /** Hudi's defaults: automatic, KEEP_LATEST_COMMITS, 10 commits, 3 file versions. */
  public static CleanSettings defaults() {
    return new CleanSettings(
        true, CleaningPolicy.KEEP_LATEST_COMMITS, DEFAULT_COMMITS_RETAINED, DEFAULT_FILE_VERSIONS_RETAINED);
  }

  public static CleanSettings keepLatestCommits(int commitsRetained) {
    return new CleanSettings(true, CleaningPolicy.KEEP_LATEST_COMMITS, commitsRetained, DEFAULT_FILE_VERSIONS_RETAINED);
  }

  public static CleanSettings keepLatestFileVersions(int fileVersionsRetained) {
    return new CleanSettings(true, CleaningPolicy.KEEP_LATEST_FILE_VERSIONS, DEFAULT_COMMITS_RETAINED, fileVersionsRetained);
  }

  /** Reads the four keys from write options; other keys are ignored, missing ones take defaults. */
  public static CleanSettings fromProperties(Map<String, String> properties) {
    CleanSettings defaults = defaults();
    return new CleanSettings(
        SettingValues.parseBoolean(properties, AUTOMATIC, defaults.automatic()),
        properties.containsKey(POLICY) ? parsePolicy(properties.get(POLICY)) : defaults.policy(),
        SettingValues.parseInt(properties, COMMITS_RETAINED, defaults.commitsRetained()),
        SettingValues.parseInt(properties, FILE_VERSIONS_RETAINED, defaults.fileVersionsRetained()));
  }

  public CleanSettings withAutomatic(boolean value) {
    return new CleanSettings(value, policy, commitsRetained, fileVersionsRetained);
  }

  private static CleaningPolicy parsePolicy(String value) {
    String name = value == null ? "" : value.trim().toUpperCase(Locale.ROOT);
    for (CleaningPolicy policy : CleaningPolicy.values()) {
      if (policy.name().equals(name)) {
        return policy;
      }
    }
    throw new HudiTableException(POLICY + "='" + value
        + "' is not a cleaning policy; expected KEEP_LATEST_COMMITS or KEEP_LATEST_FILE_VERSIONS");
  }
}
