package io.hudibeam.commit;

import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.util.Locale;
import java.util.Map;

/**
 * When a merge-on-read write compacts the table inline, under Hudi's keys and defaults ({@code
 * HoodieCompactionConfig}): {@value #INLINE} (default false) and {@value #MAX_DELTA_COMMITS}
 * (default 5; Hudi's NUM_COMMITS trigger: compact once that many deltacommits have completed since
 * the last compaction).
 */
public record CompactionSettings(boolean inline, int maxDeltaCommits) implements Serializable {
  public static final String INLINE = "hoodie.compact.inline";
  public static final String MAX_DELTA_COMMITS = "hoodie.compact.inline.max.delta.commits";
  public static final int DEFAULT_MAX_DELTA_COMMITS = 5;

  public CompactionSettings {
    if (maxDeltaCommits < 1) {
      throw new HudiTableException(MAX_DELTA_COMMITS + " must be >= 1, but was " + maxDeltaCommits);
    }
  }

  /** Reads the two keys; missing ones take Hudi's defaults. */
  public static CompactionSettings fromProperties(Map<String, String> properties) {
    String inline = properties.getOrDefault(INLINE, "false").trim().toLowerCase(Locale.ROOT);
    if (!inline.equals("true") && !inline.equals("false")) {
      throw new HudiTableException(INLINE + " must be true or false, but was '" + properties.get(INLINE) + "'");
    }
    String max = properties.getOrDefault(MAX_DELTA_COMMITS, String.valueOf(DEFAULT_MAX_DELTA_COMMITS)).trim();
    int maxDeltaCommits;
    try {
      maxDeltaCommits = Integer.parseInt(max);
    } catch (NumberFormatException e) {
      throw new HudiTableException(MAX_DELTA_COMMITS + " must be a whole number >= 1, but was '" + max + "'");
    }
    return new CompactionSettings(Boolean.parseBoolean(inline), maxDeltaCommits);
  }
}
