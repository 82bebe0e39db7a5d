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

import io.hudibeam.HudiIO;
import io.hudibeam.HudiRead;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.io.TextIO;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.Validation;
import org.apache.beam.sdk.transforms.ToJson;

/**
 * Reads a table: {@code read --table=PATH [--queryType=snapshot|read_optimized|incremental]
 * [--asOfInstant=T] [--beginInstant=T] [--endInstant=T] [--output=FILE]}. Writes the rows (data
 * columns, no meta columns) as JSON lines to FILE (a temporary file when not given); {@code Main}
 * then prints {@code rows N} as the last line.
 */
public final class ReadExample {
  /** The read command's options; every Beam pipeline option is accepted as well. */
  public interface Options extends PipelineOptions {
    @Description("Base path of the table (local path or Hadoop file system URI)")
    @Validation.Required
    String getTable();

    void setTable(String value);

    @Description("snapshot (default), read_optimized or incremental")
    String getQueryType();

    void setQueryType(String value);

    @Description("Time travel: the table as of this instant time")
    String getAsOfInstant();

    void setAsOfInstant(String value);

    @Description("Incremental: from this instant (v6 instant time, exclusive; v8 completion time)")
    String getBeginInstant();

    void setBeginInstant(String value);

    @Description("Incremental: up to this instant, inclusive (default: the latest)")
    String getEndInstant();

    void setEndInstant(String value);

    @Description("The JSON lines file to write (default: a temporary file)")
    String getOutput();

    void setOutput(String value);
  }

  private ReadExample() {}

  /** The output file of {@code options}: --output, or a new temporary file's path. */
  static String outputOf(Options options) {
    if (options.getOutput() != null && !options.getOutput().isEmpty()) {
      return options.getOutput();
    }
    try {
      Path file = Files.createTempFile("hudi-beam-read-", ".jsonl");
      file.toFile().deleteOnExit();
      return file.toString();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create a temporary file", e);
    }
  }

  /** Builds the read pipeline; {@code output} is the JSON lines file. */
  public static Pipeline build(Options options, String output) {
    HudiRead read = HudiIO.read().withBasePath(options.getTable());
    if (options.getQueryType() != null) {
      read = read.withQueryType(HudiRead.QueryType.parse(options.getQueryType(), "--queryType"));
    }
    if (options.getAsOfInstant() != null) {
      read = read.withAsOfInstant(options.getAsOfInstant());
    }
    if (options.getBeginInstant() != null) {
      read = read.withBeginInstant(options.getBeginInstant());
    }
    if (options.getEndInstant() != null) {
      read = read.withEndInstant(options.getEndInstant());
    }
    Pipeline pipeline = Pipeline.create(options);
    pipeline
        .apply("Read", read)
        .apply("To JSON", ToJson.of())
        .apply("Write JSON lines", TextIO.write().to(output).withoutSharding());
    return pipeline;
  }

  /** The number of lines of the written file. */
  static long rows(String output) {
    try (BufferedReader reader =
        Files.newBufferedReader(Paths.get(output), StandardCharsets.UTF_8)) {
      return reader.lines().count();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + output, e);
    }
  }
}
