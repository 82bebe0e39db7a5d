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
package io.hudibeam.examples;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Runs {@link Main} in-process and keeps what it (and the pipeline's workers) printed. */
final class ConsoleCapture {
  final int exitCode;
  final String out;
  final String err;

  private ConsoleCapture(int exitCode, String out, String err) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
  }

  static ConsoleCapture run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream originalOut = System.out;
    PrintStream capture = new PrintStream(out, true, StandardCharsets.UTF_8);
    System.setOut(capture);
    int code;
    try {
      code = Main.run(args, capture, new PrintStream(err, true, StandardCharsets.UTF_8));
    } finally {
      System.setOut(originalOut);
    }
    ConsoleCapture c =
        new ConsoleCapture(
            code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    originalOut.print(c.out);
    originalOut.print(c.err);
    return c;
  }

  /** The summary lines printed by the commit step. */
  List<String> commitLines() {
    return Arrays.stream(out.split("\\R"))
        .filter(l -> l.startsWith("commit "))
        .collect(Collectors.toList());
  }
}
