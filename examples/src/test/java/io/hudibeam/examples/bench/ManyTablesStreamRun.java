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

import io.hudibeam.HudiIO;
import io.hudibeam.HudiWriteTables;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.metadata.CommitMetadataJson;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.extensions.avro.schemas.utils.AvroUtils;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Filter;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.joda.time.Duration;

/**
 * One run of {@link ManyTablesRateBenchmark}, in a JVM of its own (the benchmark starts it with the
 * heap it is given): {@code --rate} x {@code --seconds} events of {@link ChangeStreamGenerator}
 * streamed on the embedded FlinkRunner (parallelism 2, checkpoints, filesystem state backend) into
 * {@code --tables} copy-on-write tables under {@code --dir} (one table: {@code HudiIO.write()};
 * more: one {@code HudiIO.writeTables()} routing by the {@code table} column; with {@code
 * --writer=dynamic}, one {@code HudiIO.writeDynamic()} for any number of tables), commit interval
 * {@code --commitInterval} seconds, until every table's sink is committed through the last event
 * (its {@code beam.hudi.committed.through} mark), then cancelled. Prints one line {@code RESULT
 * key=value ...}: the wall times, whether every table was committed in time, the peak heap after GC
 * ({@link HeapAfterGc}), the peak of live threads and of Flink task threads.
 */
public final class ManyTablesStreamRun {
  /** Flink names a task's thread {@code <chain name> (<subtask>/<parallelism>)#<attempt>}. */
  private static final Pattern FLINK_TASK_THREAD = Pattern.compile(".*\\(\\d+/\\d+\\)#\\d+$");

  private ManyTablesStreamRun() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options =
        BenchOptions.parse(
            args,
            "--tables=N --rate=R --seconds=S --commitInterval=I --reach=N --checkpointMillis=MS"
                + " --networkMemory=512m --segmentSize=8kb --writer=tables|dynamic --dir=PATH");
    int tables = Integer.parseInt(options.get("tables"));
    long rate = Long.parseLong(options.get("rate"));
    long seconds = Long.parseLong(options.get("seconds"));
    long interval = Long.parseLong(options.get("commitInterval"));
    long reach = Long.parseLong(options.get("reach"));
    long checkpointMillis = Long.parseLong(options.get("checkpointMillis"));
    Path dir = Paths.get(options.get("dir")).toAbsolutePath();
    String networkMemory = options.getOrDefault("networkMemory", "512m");
    String segmentSize = options.getOrDefault("segmentSize", "8kb");
    boolean dynamic = options.getOrDefault("writer", "tables").equals("dynamic");
    ChangeStreamGenerator generator = new ChangeStreamGenerator(tables, rate, reach);
    long events = rate * seconds;
    long lastEventMillis = generator.eventTime(events - 1).getMillis();

    FlinkPipelineOptions flink = PipelineOptionsFactory.as(FlinkPipelineOptions.class);
    flink.setRunner(FlinkRunner.class);
    flink.setFlinkMaster("[local]");
    flink.setParallelism(2);
    flink.setStreaming(true);
    flink.setAttachedMode(false);
    flink.setFasterCopy(true);
    flink.setFinishBundleBeforeCheckpointing(true);
    flink.setCheckpointingInterval(checkpointMillis);
    flink.setStateBackend("filesystem");
    flink.setStateBackendStoragePath(dir.resolve("checkpoints").toUri().toString());
    // The embedded Flink's default network memory (64 MiB: 2,048 buffers of 32 KiB) does not
    // deploy the 20-table job ("Insufficient number of network buffers"): every run gets more
    // buffers, smaller ones, off the heap (direct memory).
    Path conf = Files.createDirectories(dir.resolve("flink-conf"));
    Files.writeString(
        conf.resolve("flink-conf.yaml"),
        "taskmanager.memory.network.min: "
            + networkMemory
            + "\ntaskmanager.memory.network.max: "
            + networkMemory
            + "\ntaskmanager.memory.segment-size: "
            + segmentSize
            + "\n");
    flink.setFlinkConfDir(conf.toString());

    Pipeline pipeline = Pipeline.create(flink);
    PCollection<Row> changes =
        pipeline
            .apply(
                "Change stream",
                GenerateSequence.from(0)
                    .withRate(rate, Duration.standardSeconds(1))
                    .withTimestampFn((Long i) -> generator.eventTime(i)))
            .apply("First " + events, Filter.by((Long i) -> i < events))
            .apply(
                "Changes",
                MapElements.into(TypeDescriptors.rows()).via((Long i) -> generator.event(i)))
            .setRowSchema(ChangeStreamGenerator.SCHEMA);
    Duration frequency = Duration.standardSeconds(interval);
    List<String> names = generator.tableNames();
    if (dynamic) {
      String base = dir.toString();
      org.apache.avro.Schema avro = AvroUtils.toAvroSchema(ChangeStreamGenerator.SCHEMA);
      changes
          .apply(
              "To Avro records",
              MapElements.into(TypeDescriptor.of(GenericRecord.class))
                  .via(row -> AvroUtils.toGenericRecord(row, avro)))
          .setCoder(AvroCoder.of(avro))
          .apply(
              "Write " + tables + " tables",
              HudiIO.writeDynamic()
                  .to(record -> record.get("table").toString())
                  .withTables(name -> genericRecordTable(base, name))
                  .withTriggeringFrequency(frequency));
    } else if (tables == 1) {
      changes.apply("Write t00", table(dir, names.get(0)).withTriggeringFrequency(frequency));
    } else {
      HudiWriteTables<Row> write = HudiIO.writeTables().withDestinationField("table");
      for (String name : names) {
        write = write.withTable(name, table(dir, name));
      }
      changes.apply("Write " + tables + " tables", write.withTriggeringFrequency(frequency));
    }

    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    AtomicLong peakTaskThreads = new AtomicLong();
    AtomicLong peakThreads = new AtomicLong();
    Thread sampler =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                long tasks = 0;
                for (ThreadInfo info : threads.dumpAllThreads(false, false, 0)) {
                  if (FLINK_TASK_THREAD.matcher(info.getThreadName()).matches()) {
                    tasks++;
                  }
                }
                peakTaskThreads.accumulateAndGet(tasks, Math::max);
                peakThreads.accumulateAndGet(threads.getThreadCount(), Math::max);
                try {
                  Thread.sleep(1000);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "thread-sampler");
    sampler.setDaemon(true);

    System.gc();
    boolean finished = false;
    long started = System.currentTimeMillis();
    long deadline = started + seconds * 3000 + 180_000;
    Map<String, Long> through = new HashMap<>();
    Map<String, Set<String>> seen = new HashMap<>();
    try (HeapAfterGc heap = HeapAfterGc.start()) {
      PipelineResult result = pipeline.run();
      sampler.start();
      try {
        while (System.currentTimeMillis() < deadline && !result.getState().isTerminal()) {
          boolean all = true;
          for (String name : names) {
            long mark =
                committedThrough(
                    dir.resolve(name),
                    seen.computeIfAbsent(name, n -> new HashSet<>()),
                    through.getOrDefault(name, -1L));
            through.put(name, mark);
            all &= mark > lastEventMillis;
          }
          if (all) {
            finished = true;
            break;
          }
          Thread.sleep(250);
        }
      } finally {
        long ended = System.currentTimeMillis();
        sampler.interrupt();
        sampler.join();
        System.out.printf(
            "RESULT finished=%s startedMillis=%d endedMillis=%d peakHeapAfterGcBytes=%d"
                + " collections=%d peakThreads=%d peakFlinkTaskThreads=%d state=%s%n",
            finished,
            started,
            ended,
            heap.peakBytes(),
            heap.collections(),
            peakThreads.get(),
            peakTaskThreads.get(),
            result.getState());
        System.out.flush();
        result.cancel();
      }
    }
    System.exit(0);
  }

  private static HudiIO.Write<GenericRecord> genericRecordTable(String dir, String name) {
    return HudiIO.writeGenericRecords()
        .withBasePath(Paths.get(dir, name).toString())
        .withTableName(name)
        .withRecordKeyFields("id")
        .withOrderingField("lsn")
        .withChangeTypeField("op");
  }

  private static HudiIO.Write<Row> table(Path dir, String name) {
    return HudiIO.write()
        .withBasePath(dir.resolve(name).toString())
        .withTableName(name)
        .withRecordKeyFields("id")
        .withOrderingField("lsn")
        .withChangeTypeField("op");
  }

  /**
   * The greatest {@code beam.hudi.committed.through} mark of the table's completed commits, reading
   * only the commit files not {@code seen} before; {@code known} is the mark found so far.
   */
  private static long committedThrough(Path table, Set<String> seen, long known)
      throws IOException {
    long through = known;
    for (String completed : BenchFiles.completedInstants(table).keySet()) {
      if (!seen.add(completed)) {
        continue;
      }
      Path file = table.resolve(".hoodie").resolve(completed);
      String mark;
      try {
        mark =
            CommitMetadataJson.fromJson(Files.readAllBytes(file), file.toString())
                .extraMetadata()
                .get(SinkLineage.COMMITTED_THROUGH);
      } catch (IOException | RuntimeException e) {
        // Still being written: read it again at the next look.
        seen.remove(completed);
        continue;
      }
      if (mark != null) {
        through = Math.max(through, Long.parseLong(mark));
      }
    }
    return through;
  }
}
