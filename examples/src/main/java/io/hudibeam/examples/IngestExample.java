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

import io.hudibeam.HudiFailedRecord;
import io.hudibeam.HudiIO;
import io.hudibeam.HudiWriteResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.extensions.avro.io.AvroIO;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.TextIO;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.Validation;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Values;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Ingests JSON lines, CSV, Avro or Parquet files into a Hudi table: {@code ingest --input=GLOB
 * --format=json --table=PATH --recordKey=id}. Lines that do not fit the schema, and records HudiIO
 * cannot write, go to a rejects file (one JSON object per line: source, reason, input).
 */
public final class IngestExample {
  private static final int SAMPLE_LINES = 1000;
  private static final TupleTag<GenericRecord> RECORDS = ReadFileFn.RECORDS;
  private static final TupleTag<String> REJECTS = ReadFileFn.REJECTS;

  /** The ingest command's options; every Beam pipeline option is accepted as well. */
  public interface Options extends TableOptions, WatchOptions {
    @Description("Input files: a path or glob")
    @Validation.Required
    String getInput();

    void setInput(String value);

    @Description("json, csv, avro or parquet")
    @Validation.Required
    String getFormat();

    void setFormat(String value);

    @Description("Table name; the last element of --table when absent")
    String getTableName();

    void setTableName(String value);

    @Description("Record key field(s), comma-separated")
    @Validation.Required
    String getRecordKey();

    void setRecordKey(String value);

    @Description("Partition field(s), comma-separated; none for a non-partitioned table")
    @Default.String("")
    String getPartitionFields();

    void setPartitionFields(String value);

    @Description("Ordering (precombine) field: the larger value wins")
    String getOrderingField();

    void setOrderingField(String value);

    @Description("Avro schema file (.avsc) instead of the input's or an inferred one")
    String getSchema();

    void setSchema(String value);

    @Description(
        "Rejects file name; each run writes its own, with its start time before the extension"
            + " (<table>_rejects-<yyyyMMddHHmmssSSS>.jsonl when absent)")
    String getRejects();

    void setRejects(String value);
  }

  private IngestExample() {}

  /** Builds the ingest pipeline from parsed options; {@code Main} runs it. */
  public static Pipeline build(Options options, long startedAtMillis) {
    return build(options, startedAtMillis, null);
  }

  /**
   * The pipeline; with a {@code stopSignal} file ({@code --watch} with {@code --watchFor} on the
   * embedded FlinkRunner) the watch goes on, the files matched after {@code --watchFor} are left
   * out, and the file is created once every interval with records is committed ({@link
   * WatchStopSignal}), for the command to stop the job.
   */
  static Pipeline build(Options options, long startedAtMillis, @Nullable String stopSignal) {
    InputFormat format = Choices.parse("format", options.getFormat(), InputFormat.class);
    TableOptions.parse(options);
    FileSystems.setDefaultPipelineOptions(options);
    String table = options.getTable().replaceAll("/+$", "");
    String tableName =
        options.getTableName() != null
            ? options.getTableName()
            : table.substring(table.lastIndexOf('/') + 1);
    String rejectsPath =
        runRejectsPath(
            options.getRejects() != null ? options.getRejects() : table + "_rejects.jsonl",
            startedAtMillis);
    Schema schema = schema(options, format, tableName);

    Pipeline pipeline = Pipeline.create(options);
    Watching watching = Watching.of(options, stopSignal != null, startedAtMillis);
    PCollectionTuple read = read(pipeline, options.getInput(), format, schema, watching);
    PCollection<GenericRecord> records =
        watching.matchedInTime(
            "Records of files matched in time", read.get(RECORDS).setCoder(AvroCoder.of(schema)));

    HudiIO.Write<GenericRecord> write =
        TableOptions.configure(
                HudiIO.writeGenericRecords()
                    .withBasePath(options.getTable())
                    .withTableName(tableName)
                    .withRecordKeyFields(options.getRecordKey().split(","))
                    .withPartitionFields(
                        options.getPartitionFields().isEmpty()
                            ? new String[0]
                            : options.getPartitionFields().split(",")),
                options)
            .withFailedRecordsOutput();
    if (options.getOrderingField() != null) {
      write = write.withOrderingField(options.getOrderingField());
    }
    if (watching.enabled()) {
      write = write.withTriggeringFrequency(watching.commitInterval());
    }
    HudiWriteResult result = records.apply("Write " + tableName, write);

    PCollection<String> notWritten =
        result
            .getFailedRecords()
            .apply(
                "Describe failed records",
                MapElements.into(TypeDescriptors.strings())
                    .via(
                        (HudiFailedRecord f) ->
                            TextRecords.reject("HudiIO", f.getReason(), f.getRecord())));
    PCollection<String> parseRejects =
        watching.matchedInTime("Rejects of files matched in time", read.get(REJECTS));
    if (watching.enabled()) {
      parseRejects =
          parseRejects.apply(
              "Parse rejects per interval",
              Window.<String>into(FixedWindows.of(watching.commitInterval())));
    }
    PCollection<String> rejects =
        PCollectionList.of(parseRejects)
            .and(notWritten)
            .apply("All rejects", Flatten.pCollections());
    if (watching.enabled()) {
      // A stream: rejects are written per commit interval, into files named after the rejects path.
      PCollection<String> rejectsFiles =
          rejects
              .apply(
                  "Write rejects",
                  TextIO.write()
                      .to(rejectsPath)
                      .withWindowedWrites()
                      .withNumShards(1)
                      .withOutputFilenames())
              .getPerDestinationOutputFilenames()
              .apply("Rejects files", Values.create());
      result.getCommittedInstants().apply("Summary", CommitSummary.print(startedAtMillis));
      result.getSkippedIntervals().apply("Skipped", SkippedSummary.print());
      if (stopSignal != null) {
        WatchStopSignal.wire(
            records,
            result.getCommittedInstants(),
            rejects,
            rejectsFiles,
            watching.commitInterval(),
            watching.until(),
            stopSignal);
      }
      return pipeline;
    }
    rejects.apply("Write rejects", TextIO.write().to(rejectsPath).withoutSharding());
    result
        .getCommittedInstants()
        .apply(
            "Summary",
            CommitSummary.printWithRejects(
                startedAtMillis,
                rejects
                    .apply("Count rejects", Count.globally())
                    .apply(org.apache.beam.sdk.transforms.View.asSingleton()),
                rejectsPath));
    return pipeline;
  }

  /**
   * This run's rejects file: {@code path} with the run's start time (UTC, {@code
   * yyyyMMddHHmmssSSS}, the form of an instant time) before its {@code .jsonl} extension, so a run
   * never overwrites an earlier run's rejects (the only record of the rows it could not write). A
   * stream writes one file per commit interval with this as the prefix.
   */
  static String runRejectsPath(String path, long startedAtMillis) {
    String stamp =
        java.time.format.DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS")
            .withZone(java.time.ZoneOffset.UTC)
            .format(java.time.Instant.ofEpochMilli(startedAtMillis));
    String extension = ".jsonl";
    return path.endsWith(extension)
        ? path.substring(0, path.length() - extension.length()) + "-" + stamp + extension
        : path + "-" + stamp;
  }

  private static PCollectionTuple read(
      Pipeline pipeline, String glob, InputFormat format, Schema schema, Watching watching) {
    if (format == InputFormat.AVRO) {
      AvroIO.Read<GenericRecord> avro = AvroIO.readGenericRecords(schema).from(glob);
      if (watching.enabled()) {
        avro = avro.watchForNewFiles(watching.poll(), watching.termination());
      }
      PCollection<GenericRecord> records = pipeline.apply("Read Avro", avro);
      PCollection<String> none =
          pipeline.apply(
              "No rejects", org.apache.beam.sdk.transforms.Create.empty(TypeDescriptors.strings()));
      return PCollectionTuple.of(RECORDS, records).and(REJECTS, none);
    }
    FileIO.Match match = FileIO.match().filepattern(glob);
    if (watching.enabled()) {
      match = match.continuously(watching.poll(), watching.termination());
    }
    return pipeline
        .apply("Match " + format.name().toLowerCase(Locale.ROOT) + " files", match)
        .apply("Open files", FileIO.readMatches())
        .apply(
            "Parse",
            ParDo.of(new ReadFileFn(format, schema.toString()))
                .withOutputTags(RECORDS, TupleTagList.of(REJECTS)));
  }

  /**
   * The table schema: --schema, the first Avro/Parquet file's, or inferred from the first lines.
   */
  static Schema schema(Options options, InputFormat format, String tableName) {
    if (options.getSchema() != null) {
      Schema given;
      try (InputStream in =
          Channels.newInputStream(
              FileSystems.open(
                  FileSystems.matchSingleFileSpec(options.getSchema()).resourceId()))) {
        given = new Schema.Parser().parse(in);
      } catch (IOException | RuntimeException e) {
        throw new UsageException(
            "--schema="
                + options.getSchema()
                + " is not a readable Avro schema file: "
                + e.getMessage());
      }
      if (format == InputFormat.JSON || format == InputFormat.CSV) {
        TextRecords.checkTextSchema(given, format);
      }
      return given;
    }
    List<ResourceId> files = match(options.getInput());
    try {
      switch (format) {
        case AVRO:
          try (DataFileStream<GenericRecord> in =
              new DataFileStream<>(
                  Channels.newInputStream(FileSystems.open(files.get(0))),
                  new GenericDatumReader<>())) {
            return in.getSchema();
          }
        case PARQUET:
          try (ParquetFileReader footer =
              ParquetFileReader.open(
                  new ChannelInputFile((SeekableByteChannel) FileSystems.open(files.get(0))))) {
            String avro = footer.getFileMetaData().getKeyValueMetaData().get("parquet.avro.schema");
            return avro != null
                ? new Schema.Parser().parse(avro)
                : new AvroSchemaConverter().convert(footer.getFileMetaData().getSchema());
          }
        default:
          return TextRecords.infer(tableName, sample(files, format));
      }
    } catch (IOException e) {
      throw new UsageException("cannot read the schema of " + files.get(0) + ": " + e.getMessage());
    }
  }

  /** The files {@code glob} matches, sorted; none or an unlistable glob is a usage error. */
  static List<ResourceId> match(String glob) {
    List<ResourceId> files = new ArrayList<>();
    try {
      for (MatchResult.Metadata m : FileSystems.match(glob).metadata()) {
        files.add(m.resourceId());
      }
    } catch (java.io.FileNotFoundException e) {
      throw new UsageException("--input=" + glob + " matches no files");
    } catch (IOException e) {
      throw new UsageException("--input=" + glob + " cannot be listed: " + e.getMessage());
    }
    if (files.isEmpty()) {
      throw new UsageException("--input=" + glob + " matches no files");
    }
    files.sort(Comparator.comparing(ResourceId::toString));
    return files;
  }

  /** The fields of the first parseable lines of the files, for schema inference. */
  private static List<Map<String, Object>> sample(List<ResourceId> files, InputFormat format)
      throws IOException {
    List<Map<String, Object>> samples = new ArrayList<>();
    for (ResourceId file : files) {
      try (BufferedReader lines =
          new BufferedReader(
              new InputStreamReader(
                  Channels.newInputStream(FileSystems.open(file)), StandardCharsets.UTF_8))) {
        List<String> header =
            format == InputFormat.CSV ? TextRecords.csvHeader(lines.readLine()) : null;
        for (String line = lines.readLine();
            line != null && samples.size() < SAMPLE_LINES;
            line = lines.readLine()) {
          try {
            if (!line.isBlank()) {
              samples.add(
                  header == null
                      ? TextRecords.jsonFields(line)
                      : TextRecords.csvFields(header, line));
            }
          } catch (BadRecordException e) {
            // not sampled; the pipeline rejects it with its reason
          }
        }
        if (header != null && samples.isEmpty()) {
          header.forEach(column -> samples.add(Map.of(column, "")));
        }
      }
      if (samples.size() >= SAMPLE_LINES) {
        break;
      }
    }
    return samples;
  }
}
