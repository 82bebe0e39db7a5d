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
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The S3 request benchmark's attribution of one write's requests: per {@link S3KeyClass} and method
 * (a markdown table), per stage and call (the writers' outermost and innermost frames), and every
 * request as a tab-separated line.
 */
final class S3RequestBreakdown {
  static final List<String> METHODS =
      List.of("HEAD", "GET", "LIST", "LIST probe", "PUT", "DELETE", "COPY", "MULTIPART", "OTHER");

  private S3RequestBreakdown() {}

  /** Requests per key class (rows) and method (columns), with totals; classes with none omitted. */
  static String byKeyClass(List<S3Request> requests) {
    Map<S3KeyClass, Map<String, Long>> counts = new TreeMap<>();
    for (S3Request r : requests) {
      counts.computeIfAbsent(r.keyClass(), c -> new TreeMap<>()).merge(r.method(), 1L, Long::sum);
    }
    StringBuilder s = new StringBuilder("| key class | total |");
    for (String m : METHODS) {
      s.append(' ').append(m).append(" |");
    }
    s.append(" 4xx/5xx |\n|---|").append("---:|".repeat(METHODS.size() + 2)).append('\n');
    for (Map.Entry<S3KeyClass, Map<String, Long>> e : counts.entrySet()) {
      long errors =
          requests.stream().filter(r -> r.keyClass() == e.getKey() && r.status() >= 400).count();
      row(s, e.getKey().label(), e.getValue(), errors);
    }
    Map<String, Long> all =
        requests.stream().collect(Collectors.groupingBy(S3Request::method, Collectors.counting()));
    row(s, "**all**", all, requests.stream().filter(r -> r.status() >= 400).count());
    return s.toString();
  }

  private static void row(StringBuilder s, String label, Map<String, Long> byMethod, long errors) {
    long total = byMethod.values().stream().mapToLong(Long::longValue).sum();
    s.append(String.format(Locale.ROOT, "| %s | %,d |", label, total));
    for (String m : METHODS) {
      long n = byMethod.getOrDefault(m, 0L);
      s.append(n == 0 ? " |" : String.format(Locale.ROOT, " %,d |", n));
    }
    s.append(String.format(Locale.ROOT, " %,d |%n", errors));
  }

  /**
   * Requests per stage (the outermost frame of the writers' code), each with its calls (the
   * innermost frame) and their key classes, most requests first.
   */
  static String byStage(List<S3Request> requests) {
    StringBuilder s = new StringBuilder();
    for (Map.Entry<String, List<S3Request>> stage : grouped(requests, S3Request::stage)) {
      s.append(String.format(Locale.ROOT, "- %s: %,d%n", stage.getKey(), stage.getValue().size()));
      for (Map.Entry<String, List<S3Request>> call : grouped(stage.getValue(), S3Request::caller)) {
        Map<String, Long> what =
            call.getValue().stream()
                .collect(
                    Collectors.groupingBy(
                        r -> r.method() + " " + r.keyClass().label() + " (" + r.operation() + ")",
                        TreeMap::new,
                        Collectors.counting()));
        s.append(
            String.format(
                Locale.ROOT, "  - %s: %,d %s%n", call.getKey(), call.getValue().size(), what));
      }
    }
    return s.toString();
  }

  private static List<Map.Entry<String, List<S3Request>>> grouped(
      List<S3Request> requests, Function<S3Request, String> by) {
    List<Map.Entry<String, List<S3Request>>> groups =
        new ArrayList<>(requests.stream().collect(Collectors.groupingBy(by)).entrySet());
    groups.sort(
        Comparator.comparing((Map.Entry<String, List<S3Request>> e) -> -e.getValue().size())
            .thenComparing(Map.Entry::getKey));
    return groups;
  }

  /** Every request, one a line: method, status, key class, key, S3A operation, frames. */
  static String lines(List<S3Request> requests) {
    StringBuilder s = new StringBuilder();
    for (S3Request r : requests) {
      s.append(r.method())
          .append('\t')
          .append(r.status())
          .append('\t')
          .append(r.keyClass().name())
          .append('\t')
          .append(r.key())
          .append('\t')
          .append(r.operation())
          .append('\t')
          .append(String.join(" > ", r.frames()))
          .append('\n');
    }
    return s.toString();
  }
}
