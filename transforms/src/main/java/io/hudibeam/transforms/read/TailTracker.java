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
package io.hudibeam.transforms.read;

import io.hudibeam.read.TableCommit;
import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.transforms.splittabledofn.SplitResult;

/**
 * Claims commits one at a time, moving the position to each claimed commit's; a checkpoint splits
 * into a done primary and a residual that starts after the last claimed commit, so a restored job
 * reads the next commit and never one it already emitted.
 */
final class TailTracker extends RestrictionTracker<TailPosition, TableCommit> {
  private TailPosition current;
  private boolean stopped;

  TailTracker(TailPosition start) {
    this.current = start;
  }

  @Override
  public boolean tryClaim(TableCommit commit) {
    if (stopped || current.done()) {
      return false;
    }
    if (current.position() != null && commit.position().compareTo(current.position()) <= 0) {
      throw new IllegalStateException(
          "Commit " + commit + " is not after the tail's position " + current.position());
    }
    current = current.after(commit.position());
    return true;
  }

  @Override
  public TailPosition currentRestriction() {
    return current;
  }

  @Override
  public SplitResult<TailPosition> trySplit(double fractionOfRemainder) {
    if (stopped || current.done()) {
      return null;
    }
    stopped = true;
    TailPosition residual = current;
    current = new TailPosition(residual.position(), false, true);
    return SplitResult.of(current, residual);
  }

  @Override
  public void checkDone() throws IllegalStateException {
    if (!current.done()) {
      throw new IllegalStateException(
          "A streaming tail is never done; it stopped without a checkpoint at " + current);
    }
  }

  @Override
  public IsBounded isBounded() {
    return IsBounded.UNBOUNDED;
  }
}
