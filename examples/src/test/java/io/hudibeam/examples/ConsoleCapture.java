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
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
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
    return run(line -> {}, args);
  }

  /**
   * Runs {@link Main} with {@code args}; {@code onLine} sees each line written to standard output
   * as it is written (on the thread that wrote it), after it is kept.
   */
  static ConsoleCapture run(Consumer<String> onLine, String... args) {
    LineListeningStream out = new LineListeningStream(onLine);
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
            code,
            out.kept().toString(StandardCharsets.UTF_8),
            err.toString(StandardCharsets.UTF_8));
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

  /** Keeps what is written and hands each completed line to a listener. */
  private static final class LineListeningStream extends OutputStream {
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final Consumer<String> onLine;

    LineListeningStream(Consumer<String> onLine) {
      this.onLine = onLine;
    }

    @Override
    public synchronized void write(int b) {
      kept.write(b);
      if (b == '\n') {
        onLine.accept(line.toString(StandardCharsets.UTF_8).replace("\r", ""));
        line.reset();
      } else {
        line.write(b);
      }
    }

    synchronized ByteArrayOutputStream kept() {
      return kept;
    }
  }
}
