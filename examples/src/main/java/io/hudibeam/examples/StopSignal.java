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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.WithKeys;
import org.apache.beam.sdk.transforms.windowing.GlobalWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;

/**
 * How {@code trips --streaming} ends on the embedded FlinkRunner: a stream on Flink is not ended by
 * its source (on Flink HudiIO refuses a bounded input and fails a stream whose input ends with
 * intervals left, as they cannot be committed after the end; see docs/flink.md, "A stream that ends
 * on Flink"), so the command streams an endless source and stops the job once every generated
 * record is committed, as a user stops a streaming job (a rerun expects only the records of the
 * intervals its sink has not committed: {@link TripsExample#recordsLeftToCommit}). This step sums
 * the records each committed instant applied (inserted, updated and deleted; each instant once, so
 * a commit replayed after a restore does not count twice, in checkpointed state) and, once the sum
 * reaches the expected count, creates the signal file, which the command (in the same JVM as the
 * embedded Flink) waits for before it cancels the job. Uses only HudiIO's public results.
 */
final class StopSignal extends PTransform<PCollection<HudiCommitInfo>, PDone> {
  private static final long serialVersionUID = 1L;
  private final long expectedRecords;
  private final String signalFile;

  StopSignal(long expectedRecords, String signalFile) {
    this.expectedRecords = expectedRecords;
    this.signalFile = signalFile;
  }

  /** Whether the signal file exists: every expected record is committed. */
  static boolean raised(String signalFile) {
    return Files.exists(Paths.get(signalFile));
  }

  @Override
  public PDone expand(PCollection<HudiCommitInfo> committed) {
    committed
        .apply("All commits", Window.<HudiCommitInfo>into(new GlobalWindows()))
        .apply("One key", WithKeys.of(""))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), committed.getCoder()))
        .apply(
            "Signal when all records are committed",
            ParDo.of(new SignalFn(expectedRecords, signalFile)));
    return PDone.in(committed.getPipeline());
  }

  private static final class SignalFn extends DoFn<KV<String, HudiCommitInfo>, Void> {
    private static final long serialVersionUID = 1L;
    private final long expectedRecords;
    private final String signalFile;

    @StateId("instants")
    private final StateSpec<ValueState<List<String>>> instantsSpec =
        StateSpecs.value(ListCoder.of(StringUtf8Coder.of()));

    @StateId("applied")
    private final StateSpec<ValueState<Long>> appliedSpec = StateSpecs.value(VarLongCoder.of());

    SignalFn(long expectedRecords, String signalFile) {
      this.expectedRecords = expectedRecords;
      this.signalFile = signalFile;
    }

    @ProcessElement
    public void process(
        @Element KV<String, HudiCommitInfo> commit,
        @StateId("instants") ValueState<List<String>> instants,
        @StateId("applied") ValueState<Long> applied) {
      HudiCommitInfo c = commit.getValue();
      List<String> counted = instants.read() == null ? new ArrayList<>() : instants.read();
      if (counted.contains(c.getInstantTime())) {
        return;
      }
      counted.add(c.getInstantTime());
      instants.write(counted);
      long total =
          (applied.read() == null ? 0 : applied.read())
              + c.getRecordsInserted()
              + c.getRecordsUpdated()
              + c.getRecordsDeleted();
      applied.write(total);
      if (total >= expectedRecords) {
        Path path = Paths.get(signalFile);
        try {
          Files.createFile(path);
        } catch (FileAlreadyExistsException raisedBefore) {
          return;
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot create the stop signal " + path, e);
        }
      }
    }
  }
}
