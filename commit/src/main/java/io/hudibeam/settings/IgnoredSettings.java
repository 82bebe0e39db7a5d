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
package io.hudibeam.settings;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The {@code hoodie.*} keys HudiIO accepts and ignores because they cannot change the table it
 * writes: they tune how another engine runs (Spark shuffle parallelism, Hudi's embedded timeline
 * server, its file-system view), so a configuration brought from Hudi's Spark or Flink writer may
 * keep them. Every other key the registry ({@link HudiSettings}) does not know is refused ({@link
 * SettingsCheck#refusedKeys}): a setting that would silently not apply is worse than an error.
 * docs/configuration.md lists these keys; {@code IgnoredSettingsTest} keeps the two in step.
 */
public final class IgnoredSettings {
  /** A key, or every key under a prefix (ending in a dot), accepted for a value, and why. */
  public record Ignored(String key, Predicate<String> accepts, String values, String reason) {
    boolean matches(String candidate) {
      return key.endsWith(".") ? candidate.startsWith(key) : candidate.equals(key);
    }
  }

  private static final Predicate<String> ANY = v -> true;

  /** The accepted keys, in the documentation's order. */
  public static final List<Ignored> ALL =
      List.of(
          shuffle("hoodie.insert.shuffle.parallelism"),
          shuffle("hoodie.upsert.shuffle.parallelism"),
          shuffle("hoodie.bulkinsert.shuffle.parallelism"),
          shuffle("hoodie.delete.shuffle.parallelism"),
          shuffle("hoodie.simple.index.parallelism"),
          shuffle("hoodie.global.simple.index.parallelism"),
          shuffle("hoodie.bloom.index.parallelism"),
          shuffle("hoodie.finalize.write.parallelism"),
          shuffle("hoodie.markers.delete.parallelism"),
          shuffle("hoodie.rollback.parallelism"),
          shuffle("hoodie.cleaner.parallelism"),
          new Ignored(
              "hoodie.embed.timeline.server",
              ANY,
              "any",
              "Hudi's embedded timeline server; HudiIO's workers read the file system directly"),
          new Ignored(
              "hoodie.embed.timeline.server.",
              ANY,
              "any",
              "Hudi's embedded timeline server; HudiIO's workers read the file system directly"),
          new Ignored(
              "hoodie.filesystem.view.",
              ANY,
              "any",
              "the file-system view of Hudi's timeline server; HudiIO builds its own from listings"),
          new Ignored(
              "hoodie.write.markers.type",
              ANY,
              "any",
              "HudiIO writes direct markers, which Hudi's rollback reads whatever this says"),
          new Ignored(
              "hoodie.metadata.enable",
              "false"::equalsIgnoreCase,
              "false",
              "HudiIO does not maintain the metadata table, so false is what it does; true is"
                  + " refused"));

  private IgnoredSettings() {}

  private static Ignored shuffle(String key) {
    return new Ignored(
        key, ANY, "any", "Spark's shuffle parallelism; Beam's runner decides HudiIO's parallelism");
  }

  /** Why HudiIO accepts {@code key=value} without effect, or empty when it does not. */
  public static Optional<String> reason(String key, String value) {
    return ALL.stream()
        .filter(i -> i.matches(key) && i.accepts().test(value == null ? "" : value.trim()))
        .map(Ignored::reason)
        .findFirst();
  }
}
