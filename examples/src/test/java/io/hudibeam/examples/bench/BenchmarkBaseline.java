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
package io.hudibeam.examples.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The benchmark's guard against regressions: a run's times as ratios to the parquet floor's time of
 * the same workload in the same run (so a slower or busier machine moves every writer alike), a
 * baseline of those ratios kept in the repository, and the comparison of a run with it that names
 * every workload and writer whose ratio moved by more than a threshold.
 *
 * <p>The baseline file is tab-separated, one line per workload and writer: {@code records workload
 * writer ratio}; lines starting with {@code #} are comments (the run it was recorded from).
 */
final class BenchmarkBaseline {
  /** The floor's writer name in a run's results. */
  static final String FLOOR = "parquet-avro (floor)";

  /** A writer's time for a workload over the floor's time for it, in one run of N records. */
  record Ratio(long records, String workload, String writer, double toFloor) {
    String key() {
      return records + "\t" + workload + "\t" + writer;
    }
  }

  /** A workload and writer in the baseline and in the run (either may be absent). */
  record Change(String key, Optional<Ratio> baseline, Optional<Ratio> run) {
    /** The run's ratio relative to the baseline's, as a fraction (+0.25 is 25% slower). */
    Optional<Double> change() {
      if (baseline.isEmpty() || run.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(run.get().toFloor() / baseline.get().toFloor() - 1);
    }

    boolean movedMoreThan(double threshold) {
      return change().map(c -> Math.abs(c) > threshold).orElse(false);
    }
  }

  private BenchmarkBaseline() {}

  /**
   * The ratios of a run: every result but the floor's, over the floor's result for the same
   * workload; workloads the floor did not run (compaction) have none.
   */
  static List<Ratio> ratios(long records, List<WriteBenchmark.Result> results) {
    Map<WriteBenchmark.Workload, Double> floor = new LinkedHashMap<>();
    for (WriteBenchmark.Result r : results) {
      if (r.writer.equals(FLOOR)) {
        floor.put(r.workload, r.seconds);
      }
    }
    List<Ratio> ratios = new ArrayList<>();
    for (WriteBenchmark.Result r : results) {
      Double floorSeconds = floor.get(r.workload);
      if (!r.writer.equals(FLOOR) && floorSeconds != null && floorSeconds > 0) {
        ratios.add(
            new Ratio(
                records,
                r.workload.name().toLowerCase(Locale.ROOT),
                r.writer,
                r.seconds / floorSeconds));
      }
    }
    return ratios;
  }

  /** The baseline file's text for {@code ratios}, with a comment naming the run. */
  static String format(String comment, List<Ratio> ratios) {
    StringBuilder s = new StringBuilder();
    for (String line : comment.split("\n")) {
      s.append("# ").append(line).append('\n');
    }
    s.append("# records\tworkload\twriter\ttime / floor\n");
    for (Ratio r : ratios) {
      s.append(r.key()).append('\t').append(String.format(Locale.ROOT, "%.3f", r.toFloor()));
      s.append('\n');
    }
    return s.toString();
  }

  /** Parses a baseline file; a malformed line fails, naming its number and what was expected. */
  static List<Ratio> parse(String source, String text) {
    List<Ratio> ratios = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] fields = lines[i].split("\t");
      try {
        if (fields.length != 4) {
          throw new NumberFormatException(fields.length + " fields");
        }
        ratios.add(
            new Ratio(
                Long.parseLong(fields[0].strip()),
                fields[1].strip(),
                fields[2].strip(),
                Double.parseDouble(fields[3].strip())));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            String.format(
                "%s line %d: expected records<TAB>workload<TAB>writer<TAB>ratio, got '%s' (%s)",
                source, i + 1, lines[i], e.getMessage()),
            e);
      }
    }
    return ratios;
  }

  /** Every workload and writer of the baseline and of the run, in the baseline's order first. */
  static List<Change> compare(List<Ratio> baseline, List<Ratio> run) {
    Map<String, Ratio> before = new LinkedHashMap<>();
    baseline.forEach(r -> before.put(r.key(), r));
    Map<String, Ratio> now = new LinkedHashMap<>();
    run.forEach(r -> now.put(r.key(), r));
    List<Change> changes = new ArrayList<>();
    for (Map.Entry<String, Ratio> b : before.entrySet()) {
      changes.add(
          new Change(
              b.getKey(), Optional.of(b.getValue()), Optional.ofNullable(now.get(b.getKey()))));
    }
    for (Map.Entry<String, Ratio> r : now.entrySet()) {
      if (!before.containsKey(r.getKey())) {
        changes.add(new Change(r.getKey(), Optional.empty(), Optional.of(r.getValue())));
      }
    }
    return changes;
  }

  /**
   * The comparison as a Markdown table, then one line per workload and writer that moved by more
   * than {@code threshold} (or "nothing moved by more than ..."). Rows only one side has say so.
   */
  static String report(List<Change> changes, double threshold) {
    StringBuilder s = new StringBuilder();
    s.append("| records | workload | writer | baseline / floor | this run / floor | change |\n");
    s.append("|---:|---|---|---:|---:|---:|\n");
    List<String> moved = new ArrayList<>();
    for (Change c : changes) {
      String[] key = c.key().split("\t");
      s.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s |%n",
              key[0],
              key[1],
              key[2],
              c.baseline().map(r -> String.format(Locale.ROOT, "%.2f", r.toFloor())).orElse("-"),
              c.run().map(r -> String.format(Locale.ROOT, "%.2f", r.toFloor())).orElse("-"),
              c.change()
                  .map(v -> String.format(Locale.ROOT, "%+.0f%%", v * 100))
                  .orElse(c.run().isEmpty() ? "not run" : "new")));
      if (c.movedMoreThan(threshold)) {
        moved.add(
            String.format(
                Locale.ROOT,
                "MOVED %s %s at %s records: %.2fx -> %.2fx the floor (%+.0f%%)",
                key[1],
                key[2],
                key[0],
                c.baseline().get().toFloor(),
                c.run().get().toFloor(),
                c.change().get() * 100));
      }
    }
    s.append('\n');
    if (moved.isEmpty()) {
      s.append(String.format(Locale.ROOT, "Nothing moved by more than %.0f%%.%n", threshold * 100));
    } else {
      moved.forEach(m -> s.append(m).append('\n'));
    }
    return s.toString();
  }
}
