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

import io.hudibeam.HudiCommitInfo;
import java.util.Locale;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.PDone;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Prints one line per committed instant: instant, operation, records inserted/updated/deleted,
 * files, bytes and the seconds since the command started; with a rejects count when one is given.
 * The line is printed where the commit runs: the console for the direct and embedded Flink runners,
 * the workers' logs on a cluster.
 */
public final class CommitSummary extends PTransform<PCollection<HudiCommitInfo>, PDone> {
  private static final long serialVersionUID = 1L;

  private final long startedAtMillis;
  private final @Nullable PCollectionView<Long> rejected;
  private final @Nullable String rejectsPath;

  private CommitSummary(
      long startedAtMillis,
      @Nullable PCollectionView<Long> rejected,
      @Nullable String rejectsPath) {
    this.startedAtMillis = startedAtMillis;
    this.rejected = rejected;
    this.rejectsPath = rejectsPath;
  }

  public static CommitSummary print(long startedAtMillis) {
    return new CommitSummary(startedAtMillis, null, null);
  }

  public static CommitSummary printWithRejects(
      long startedAtMillis, PCollectionView<Long> rejected, String rejectsPath) {
    return new CommitSummary(startedAtMillis, rejected, rejectsPath);
  }

  /**
   * The summary line of one commit; a MERGE_ON_READ deltacommit that wrote log files also says how
   * many, with their blocks and records: {@code ..., 8 files (3 log files, 4 log blocks, 20 log
   * records), ...}.
   */
  public static String format(HudiCommitInfo c, double seconds) {
    String logs =
        c.getLogFilesWritten() == 0
            ? ""
            : String.format(
                Locale.ROOT,
                " (%d log files, %d log blocks, %d log records)",
                c.getLogFilesWritten(),
                c.getLogBlocksWritten(),
                c.getLogRecordsWritten());
    return String.format(
        Locale.ROOT,
        "commit %s %s: %d inserted, %d updated, %d deleted, %d files%s, %d bytes, %.1f s",
        c.getInstantTime(),
        c.getOperation(),
        c.getRecordsInserted(),
        c.getRecordsUpdated(),
        c.getRecordsDeleted(),
        c.getFilesWritten(),
        logs,
        c.getBytesWritten(),
        seconds);
  }

  @Override
  public PDone expand(PCollection<HudiCommitInfo> committed) {
    ParDo.SingleOutput<HudiCommitInfo, Void> print =
        ParDo.of(new PrintFn(startedAtMillis, rejected, rejectsPath));
    committed.apply("Print", rejected == null ? print : print.withSideInputs(rejected));
    return PDone.in(committed.getPipeline());
  }

  private static final class PrintFn extends DoFn<HudiCommitInfo, Void> {
    private static final long serialVersionUID = 1L;
    private final long startedAtMillis;
    private final @Nullable PCollectionView<Long> rejected;
    private final @Nullable String rejectsPath;

    PrintFn(
        long startedAtMillis,
        @Nullable PCollectionView<Long> rejected,
        @Nullable String rejectsPath) {
      this.startedAtMillis = startedAtMillis;
      this.rejected = rejected;
      this.rejectsPath = rejectsPath;
    }

    @ProcessElement
    public void process(@Element HudiCommitInfo instant, ProcessContext context) {
      String line = format(instant, (System.currentTimeMillis() - startedAtMillis) / 1000.0);
      if (rejected != null) {
        line += String.format(", %d rejected (%s)", context.sideInput(rejected), rejectsPath);
      }
      System.out.println(line);
    }
  }
}
