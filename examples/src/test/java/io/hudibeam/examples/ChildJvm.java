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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * A command of the examples jar run as a user runs it, {@code java -Xmx1g -jar
 * hudi-beam-examples.jar <command> ...}, in a JVM of its own, its output in a log file: for tests
 * that kill or stop a run from outside, as a user or a cluster manager would. The jar is the one
 * {@code mvn verify} packaged before the integration tests (system property {@code examples.jar},
 * set by the failsafe configuration of this module).
 */
final class ChildJvm implements AutoCloseable {
  private final Process process;
  private final File log;

  private ChildJvm(Process process, File log) {
    this.process = process;
    this.log = log;
  }

  /** Starts {@code java -Xmx1g -jar <examples jar> <args>}, its output into {@code log}. */
  static ChildJvm start(List<String> args, File log) throws IOException {
    return start("-Xmx1g", args, log);
  }

  /** Starts {@code java <heap> -jar <examples jar> <args>}, e.g. heap {@code -Xmx96m}. */
  static ChildJvm start(String heap, List<String> args, File log) throws IOException {
    String jar = System.getProperty("examples.jar");
    if (jar == null || !new File(jar).isFile()) {
      throw new IllegalStateException(
          "system property examples.jar must name the packaged examples jar, but was "
              + jar
              + ": run the integration tests with mvn verify");
    }
    List<String> java = new ArrayList<>();
    java.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    java.add(heap);
    java.add("-jar");
    java.add(jar);
    java.addAll(args);
    return new ChildJvm(
        new ProcessBuilder(java).redirectErrorStream(true).redirectOutput(log).start(), log);
  }

  /**
   * Polls {@code condition} every 20 ms until it holds; fails the test, with the run's output so
   * far, if the run ends first or {@code timeoutMillis} pass.
   */
  void awaitWhileRunning(String what, BooleanSupplier condition, long timeoutMillis)
      throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (!condition.getAsBoolean()) {
      assertThat(
          "the run ended before " + what + " (exit " + exitValue() + "); its output: " + output(),
          process.isAlive(),
          is(true));
      assertThat(
          what + " within " + timeoutMillis / 1000 + " s; output so far: " + output(),
          System.currentTimeMillis() < deadline,
          is(true));
      Thread.sleep(20);
    }
  }

  /**
   * Waits for the run to end by itself; fails the test, with its output, if it is still running
   * after {@code timeoutMillis}. Returns its exit code.
   */
  int awaitExit(long timeoutMillis) throws IOException, InterruptedException {
    assertThat(
        "the run ended within " + timeoutMillis / 1000 + " s; its output: " + output(),
        process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS),
        is(true));
    return process.exitValue();
  }

  /** SIGKILL: no shutdown hook runs, nothing is cleaned up. Waits until the JVM is gone. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    assertThat("the killed JVM ended within 60 s", process.waitFor(60, TimeUnit.SECONDS), is(true));
  }

  /** SIGTERM, as a user stops a job that runs until stopped. Waits until the JVM is gone. */
  void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      kill();
    }
  }

  /** Whether the run is still going. */
  boolean isRunning() {
    return process.isAlive();
  }

  /** What the run printed so far. */
  String output() throws IOException {
    return Files.readString(log.toPath(), StandardCharsets.UTF_8);
  }

  /** The commit summary lines the run printed so far. */
  List<String> commitLines() {
    String output;
    try {
      output = output();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Arrays.stream(output.split("\\R"))
        .filter(l -> l.startsWith("commit "))
        .collect(Collectors.toList());
  }

  private String exitValue() {
    return process.isAlive() ? "none" : String.valueOf(process.exitValue());
  }

  /** Kills the run if it is still going (a failed test). */
  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroyForcibly();
    }
  }
}
