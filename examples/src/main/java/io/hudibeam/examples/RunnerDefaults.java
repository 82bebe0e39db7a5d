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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The runner options the examples add when the user did not give them, so that a write runs at the
 * speed the runner can give:
 *
 * <ul>
 *   <li>DirectRunner: {@code --parallelism} becomes {@code --targetParallelism}; the
 *       element-by-element immutability and encodability checks are off (they are for tests and
 *       re-encode every record several times); {@code --blockOnRun=false}, so that the progress
 *       line can read the running pipeline's metrics.
 *   <li>FlinkRunner: {@code --fasterCopy=true} (Flink otherwise deep-copies every element between
 *       chained operators with its coder; HudiIO's stages never mutate an element). For the
 *       embedded Flink (no {@code --flinkMaster}, no {@code --flinkConfDir}, no {@code
 *       FLINK_CONF_DIR}) a configuration with {@value #EMBEDDED_MANAGED_MEMORY} of managed memory
 *       instead of the local default of 128 MiB, which makes every GroupByKey of a large write
 *       spill its sort to disk, and {@link FlinkJobListener} as a job listener, so that the
 *       progress line can read the running job's metrics although Beam's {@code run()} returns only
 *       at the end (attached mode). {@code --attachedMode=false} is refused for the embedded Flink:
 *       it shuts down when the detached job ends, and Beam's result then fails to read the job's
 *       state. For a stream ({@code --streaming}, or {@code ingest} or {@code cdc --watch}): {@code
 *       --finishBundleBeforeCheckpointing=true} (HudiIO refuses a stream on Flink without it), and
 *       on the embedded Flink with the examples' configuration {@code --stateBackend=filesystem}
 *       with checkpoints in a temporary folder ({@code --stateBackendStoragePath}, deleted when the
 *       JVM exits): the local default keeps checkpoints in the JobManager's memory, at most 5 MB of
 *       state per task, which a commit interval's records waiting for their instant outgrow at a
 *       few thousand records per second (measured: at 16,000 records/s with a 10 s interval every
 *       checkpoint failed and no interval committed). A {@code --stateBackend} given without {@code
 *       --stateBackendStoragePath} (for example {@code rocksdb}, which keeps that state off the
 *       heap) gets the same temporary folder.
 * </ul>
 */
final class RunnerDefaults {
  static final String EMBEDDED_MANAGED_MEMORY = "1g";

  private RunnerDefaults() {}

  static String[] apply(String[] args) {
    String runner = valueOf(args, "runner");
    boolean flink = runner != null && runner.contains("FlinkRunner");
    boolean direct = runner == null || runner.contains("DirectRunner");
    List<String> out = new ArrayList<>();
    for (String arg : args) {
      out.add(
          direct && arg.startsWith("--parallelism=")
              ? "--targetParallelism=" + arg.substring("--parallelism=".length())
              : arg);
    }
    if (direct) {
      addUnlessGiven(args, out, "enforceImmutability", "false");
      addUnlessGiven(args, out, "enforceEncodability", "false");
      addUnlessGiven(args, out, "blockOnRun", "false");
    }
    if (flink) {
      if (isEmbedded(valueOf(args, "flinkMaster"))
          && "false".equals(valueOf(args, "attachedMode"))) {
        throw new UsageException(
            "--attachedMode=false needs --flinkMaster (a Flink cluster): the embedded Flink shuts down when"
                + " a detached job ends, and the job's state can no longer be read");
      }
      addUnlessGiven(args, out, "fasterCopy", "true");
      if (isStream(args)) {
        // HudiIO refuses a stream on Flink without it (see FlinkCheckpointing).
        addUnlessGiven(args, out, "finishBundleBeforeCheckpointing", "true");
        // And without checkpointing: it commits only at completed checkpoints.
        addUnlessGiven(
            args, out, "checkpointingInterval", String.valueOf(checkpointingIntervalMillis(args)));
        if (writesEmbeddedFlinkConf(args)) {
          // The local default keeps checkpoints in the JobManager's memory, at most 5 MB of state
          // per task: a commit interval's records waiting for their instant outgrow it at a few
          // thousand records per second, every checkpoint then fails and no interval commits.
          if (valueOf(args, "stateBackend") == null) {
            out.add("--stateBackend=filesystem");
          }
          if (valueOf(args, "stateBackendStoragePath") == null) {
            out.add("--stateBackendStoragePath=" + checkpointFolder().toUri());
          }
        }
      }
      if (writesEmbeddedFlinkConf(args)) {
        out.add("--flinkConfDir=" + embeddedFlinkConfDir());
      }
    }
    return out.toArray(new String[0]);
  }

  /**
   * The checkpointing interval a stream on Flink gets when none is given: a fifth of the commit
   * interval ({@code --commitInterval}, 10 s by default), between 100 ms and 60 s, so an interval
   * commits soon after it closes (HudiIO's commit step commits at completed checkpoints).
   */
  static long checkpointingIntervalMillis(String[] args) {
    String given = valueOf(args, "commitInterval");
    long seconds;
    try {
      seconds = given == null ? 10 : Long.parseLong(given.trim());
    } catch (NumberFormatException e) {
      seconds = 10;
    }
    return Math.max(100, Math.min(60_000, seconds * 1000 / 5));
  }

  /**
   * What the command tells the user about the defaults it chose or the risks it sees, one line
   * each: the checkpointing interval it set for a stream on Flink, and Flink's memory state backend
   * when a stream runs with a Flink configuration of the user's own (a cluster) and no {@code
   * --stateBackend}.
   */
  static List<String> notes(String[] args) {
    String runner = valueOf(args, "runner");
    if (runner == null || !runner.contains("FlinkRunner") || !isStream(args)) {
      return List.of();
    }
    List<String> notes = new ArrayList<>();
    if (valueOf(args, "checkpointingInterval") == null) {
      notes.add(
          "note: no --checkpointingInterval given: Flink checkpoints every "
              + checkpointingIntervalMillis(args)
              + " ms (a fifth of the commit interval); HudiIO commits an interval at a completed"
              + " checkpoint");
    }
    if (!writesEmbeddedFlinkConf(args) && valueOf(args, "stateBackend") == null) {
      notes.add(
          "warning: no --stateBackend given: unless your Flink configuration sets one, Flink keeps"
              + " checkpoints in the JobManager's memory (at most 5 MB of state per task), which a"
              + " stream's waiting records outgrow; give --stateBackend=rocksdb and"
              + " --stateBackendStoragePath=<a durable folder>");
    }
    return notes;
  }

  /**
   * Where the progress line reads the metrics of the running job: the result {@code run()} returns
   * (the DirectRunner, the FlinkRunner in detached mode), the {@link FlinkJobListener} of the
   * embedded Flink configuration the examples write (the FlinkRunner in attached mode, its default,
   * on the embedded Flink), or nowhere until the job has ended (the FlinkRunner in attached mode on
   * a cluster or with the user's own Flink configuration; the DirectRunner with {@code
   * --blockOnRun=true}).
   */
  static ProgressReporter.Source progressSource(String[] args) {
    String runner = valueOf(args, "runner");
    if (runner != null && runner.contains("FlinkRunner")) {
      if ("false".equals(valueOf(args, "attachedMode"))) {
        return ProgressReporter.Source.RESULT;
      }
      return writesEmbeddedFlinkConf(args)
          ? ProgressReporter.Source.FLINK_JOB_LISTENER
          : ProgressReporter.Source.NONE_UNTIL_DONE;
    }
    return "true".equals(valueOf(args, "blockOnRun"))
        ? ProgressReporter.Source.NONE_UNTIL_DONE
        : ProgressReporter.Source.RESULT;
  }

  /**
   * Whether the command writes a stream: {@code --streaming}, or {@code ingest} or {@code cdc
   * --watch=N}, N > 0.
   */
  private static boolean isStream(String[] args) {
    List<String> given = Arrays.asList(args);
    String watch = valueOf(args, "watch");
    return given.contains("--streaming")
        || given.contains("--streaming=true")
        || (watch != null && !watch.matches("0*"));
  }

  /** Whether the pipeline runs on the FlinkRunner's embedded Flink (no Flink cluster named). */
  static boolean isEmbeddedFlink(String[] args) {
    String runner = valueOf(args, "runner");
    return runner != null
        && runner.contains("FlinkRunner")
        && isEmbedded(valueOf(args, "flinkMaster"));
  }

  /**
   * Whether the FlinkRunner gets the examples' configuration for the embedded Flink: no {@code
   * --flinkMaster} (or a local one), no {@code --flinkConfDir}, no {@code FLINK_CONF_DIR}.
   */
  private static boolean writesEmbeddedFlinkConf(String[] args) {
    return isEmbedded(valueOf(args, "flinkMaster"))
        && valueOf(args, "flinkConfDir") == null
        && System.getenv("FLINK_CONF_DIR") == null;
  }

  private static boolean isEmbedded(String flinkMaster) {
    return flinkMaster == null || flinkMaster.equals("[local]") || flinkMaster.equals("[auto]");
  }

  private static void addUnlessGiven(String[] args, List<String> out, String option, String value) {
    if (Arrays.stream(args)
        .noneMatch(a -> a.equals("--" + option) || a.startsWith("--" + option + "="))) {
      out.add("--" + option + "=" + value);
    }
  }

  private static String valueOf(String[] args, String option) {
    String prefix = "--" + option + "=";
    String value = null;
    for (String arg : args) {
      if (arg.startsWith(prefix)) {
        value = arg.substring(prefix.length());
      }
    }
    return value;
  }

  /** A temporary folder for the embedded Flink's checkpoints, deleted when the JVM exits. */
  private static Path checkpointFolder() {
    try {
      Path folder = Files.createTempDirectory("hudi-beam-checkpoints");
      Runtime.getRuntime()
          .addShutdownHook(new Thread(() -> deleteQuietly(folder), "delete " + folder));
      return folder;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot create a temporary folder for the embedded Flink's checkpoints", e);
    }
  }

  private static void deleteQuietly(Path folder) {
    try (java.util.stream.Stream<Path> paths = Files.walk(folder)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // A leftover in the temporary folder is harmless: a new run never restores from it.
    }
  }

  private static Path embeddedFlinkConfDir() {
    try {
      Path dir = Files.createTempDirectory("hudi-beam-flink-conf");
      Files.writeString(
          dir.resolve("flink-conf.yaml"),
          "taskmanager.memory.managed.size: "
              + EMBEDDED_MANAGED_MEMORY
              + "\n"
              + "execution.job-listeners: "
              + FlinkJobListener.class.getName()
              + "\n",
          StandardCharsets.UTF_8);
      // Deleted at exit in the reverse order of registration: the file first, then its folder.
      dir.toFile().deleteOnExit();
      dir.resolve("flink-conf.yaml").toFile().deleteOnExit();
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write the embedded Flink configuration to a temporary folder", e);
    }
  }
}
