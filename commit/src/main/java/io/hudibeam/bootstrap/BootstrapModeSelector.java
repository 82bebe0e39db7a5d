/*
 * Copyright 2026 The HudiIO Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.hudibeam.bootstrap;

import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which mode each source partition is bootstrapped in, as Hudi's selectors decide it (0.15.0 and
 * 1.0.2, {@code org.apache.hudi.client.bootstrap.selector}): {@code
 * MetadataOnlyBootstrapModeSelector} (Hudi's default) and {@code FullRecordBootstrapModeSelector}
 * give every partition one mode ({@code UniformBootstrapModeSelector}); {@code
 * BootstrapRegexModeSelector} gives the partitions whose relative path matches {@code
 * hoodie.bootstrap.mode.selector.regex} (whole-string match, default {@code .*}) the mode {@code
 * hoodie.bootstrap.mode.selector.regex.mode} (default {@code METADATA_ONLY}) and every other
 * partition the other mode.
 *
 * @param kind which selector
 * @param regex the regex of {@link Kind#REGEX}, else {@code .*}
 * @param modeOnMatch the mode of the partitions the regex matches (of every partition for the
 *     uniform selectors)
 */
public record BootstrapModeSelector(Kind kind, String regex, BootstrapMode modeOnMatch)
    implements Serializable {
  /** Hudi's key of the selector class. */
  public static final String SELECTOR_KEY = "hoodie.bootstrap.mode.selector";

  /** Hudi's key of the regex selector's regex. */
  public static final String REGEX_KEY = "hoodie.bootstrap.mode.selector.regex";

  /** Hudi's key of the regex selector's mode for matching partitions. */
  public static final String REGEX_MODE_KEY = "hoodie.bootstrap.mode.selector.regex.mode";

  private static final String SELECTOR_PACKAGE = "org.apache.hudi.client.bootstrap.selector.";

  /** Hudi's three selectors, by their class names. */
  public enum Kind {
    METADATA_ONLY(SELECTOR_PACKAGE + "MetadataOnlyBootstrapModeSelector"),
    FULL_RECORD(SELECTOR_PACKAGE + "FullRecordBootstrapModeSelector"),
    REGEX(SELECTOR_PACKAGE + "BootstrapRegexModeSelector");

    private final String className;

    Kind(String className) {
      this.className = className;
    }

    public String className() {
      return className;
    }

    static Kind ofClassName(String className) {
      for (Kind kind : values()) {
        if (kind.className.equals(className.trim())) {
          return kind;
        }
      }
      throw new HudiTableException(
          SELECTOR_KEY
              + " must be one of "
              + METADATA_ONLY.className
              + ", "
              + FULL_RECORD.className
              + " or "
              + REGEX.className
              + ", but was '"
              + className
              + "'");
    }
  }

  public BootstrapModeSelector {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(regex, "regex");
    Objects.requireNonNull(modeOnMatch, "modeOnMatch");
    try {
      Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new HudiTableException(
          REGEX_KEY + " must be a Java regex, but '" + regex + "' is not: " + e.getDescription(),
          e);
    }
  }

  /** Every partition METADATA_ONLY (Hudi's default selector). */
  public static BootstrapModeSelector metadataOnly() {
    return new BootstrapModeSelector(Kind.METADATA_ONLY, ".*", BootstrapMode.METADATA_ONLY);
  }

  /** Every partition FULL_RECORD. */
  public static BootstrapModeSelector fullRecord() {
    return new BootstrapModeSelector(Kind.FULL_RECORD, ".*", BootstrapMode.FULL_RECORD);
  }

  /** Partitions matching {@code regex} in {@code modeOnMatch}, the others in the other mode. */
  public static BootstrapModeSelector regex(String regex, BootstrapMode modeOnMatch) {
    return new BootstrapModeSelector(Kind.REGEX, regex, modeOnMatch);
  }

  /** The selector Hudi's {@code hoodie.bootstrap.mode.selector*} settings in {@code props} name. */
  public static BootstrapModeSelector fromProperties(Map<String, String> props) {
    Kind kind = Kind.ofClassName(props.getOrDefault(SELECTOR_KEY, Kind.METADATA_ONLY.className));
    return switch (kind) {
      case METADATA_ONLY -> metadataOnly();
      case FULL_RECORD -> fullRecord();
      case REGEX ->
          regex(
              props.getOrDefault(REGEX_KEY, ".*"),
              BootstrapMode.parse(
                  props.getOrDefault(REGEX_MODE_KEY, BootstrapMode.METADATA_ONLY.name())));
    };
  }

  /** This selector as Hudi's settings. */
  public Map<String, String> toProperties() {
    return kind == Kind.REGEX
        ? Map.of(SELECTOR_KEY, kind.className, REGEX_KEY, regex, REGEX_MODE_KEY, modeOnMatch.name())
        : Map.of(SELECTOR_KEY, kind.className);
  }

  /** The mode of the partition at {@code partition}, relative to the source base path. */
  public BootstrapMode select(String partition) {
    if (kind != Kind.REGEX) {
      return modeOnMatch;
    }
    return Pattern.compile(regex).matcher(partition).matches() ? modeOnMatch : modeOnMatch.other();
  }
}
