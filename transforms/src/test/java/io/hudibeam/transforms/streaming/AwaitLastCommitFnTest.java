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
package io.hudibeam.transforms.streaming;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.Assert.assertThrows;

import io.hudibeam.transforms.streaming.AwaitLastCommitFn.WaitTracker;
import io.hudibeam.transforms.streaming.AwaitLastCommitFn.Waiting;
import org.apache.beam.sdk.transforms.splittabledofn.SplitResult;
import org.apache.beam.sdk.util.CoderUtils;
import org.junit.Test;

/**
 * The restriction tracker of the end-of-input wait and its coder: a checkpoint hands the wait's
 * last claimed state on as the residual and ends the current call; a claim after it is refused; a
 * call that neither finished nor was checkpointed is an error. (The wait itself:
 * HudiIOManyTablesEndOfInputTest and HudiIOStreamingIT in beam-io.)
 */
public class AwaitLastCommitFnTest {
  private static final Waiting STARTED = new Waiting(false, null, 1_000L);

  @Test
  public void theRestrictionCoderIsDeterministicAndRoundTrips() throws Exception {
    AwaitLastCommitFn.WaitingCoder coder = AwaitLastCommitFn.WaitingCoder.of();
    coder.verifyDeterministic();
    for (Waiting w :
        new Waiting[] {STARTED, new Waiting(false, 20_000L, 5_000L), new Waiting(true, null, 0)}) {
      assertThat(
          CoderUtils.decodeFromByteArray(coder, CoderUtils.encodeToByteArray(coder, w)), is(w));
    }
  }

  @Test
  public void aCheckpointHandsTheLastClaimedStateOnAndRefusesLaterClaims() {
    WaitTracker tracker = new WaitTracker(STARTED);
    Waiting progressed = new Waiting(false, 20_000L, 5_000L);
    assertThat(tracker.tryClaim(progressed), is(true));
    SplitResult<Waiting> split = tracker.trySplit(0);
    assertThat(split.getPrimary().done(), is(true));
    assertThat(split.getResidual(), is(progressed));
    assertThat(tracker.tryClaim(new Waiting(false, 30_000L, 9_000L)), is(false));
    assertThat(tracker.trySplit(0), is(nullValue()));
    tracker.checkDone();
  }

  @Test
  public void aFinishedWaitHasNoResidual() {
    WaitTracker tracker = new WaitTracker(STARTED);
    assertThat(tracker.tryClaim(new Waiting(true, null, 0)), is(true));
    assertThat(tracker.trySplit(0), is(nullValue()));
    tracker.checkDone();
  }

  @Test
  public void aCallThatNeitherFinishedNorWasCheckpointedIsAnError() {
    WaitTracker tracker = new WaitTracker(STARTED);
    tracker.tryClaim(new Waiting(false, 10_000L, 2_000L));
    IllegalStateException e = assertThrows(IllegalStateException.class, tracker::checkDone);
    assertThat(
        e.getMessage(),
        is(
            "The end-of-input wait ended neither committed nor checkpointed: "
                + new Waiting(false, 10_000L, 2_000L)));
  }
}
