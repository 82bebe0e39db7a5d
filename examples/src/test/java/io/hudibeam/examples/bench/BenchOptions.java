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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The benchmarks' {@code --name=value} options, parsed one way for every benchmark's main. */
final class BenchOptions {
  private BenchOptions() {}

  /** Options by name; fails on an argument that is not {@code --name=value}, naming the usage. */
  static Map<String, String> parse(String[] args, String usage) {
    Map<String, String> options = new HashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (!arg.startsWith("--") || eq < 0) {
        throw new IllegalArgumentException("options are " + usage + "; got " + arg);
      }
      options.put(arg.substring(2, eq), arg.substring(eq + 1));
    }
    return options;
  }

  /** A comma-separated list of numbers. */
  static List<Long> longs(String csv) {
    List<Long> out = new ArrayList<>();
    for (String value : csv.split(",")) {
      out.add(Long.parseLong(value.trim()));
    }
    return out;
  }
}
