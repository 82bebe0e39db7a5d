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
package io.hudibeam.timeline;

import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One instant on the active timeline: time, action and state, named on disk as in timeline layout 1
 * (Hudi's {@code HoodieInstant.getFileName}): {@code T.commit.requested}, {@code T.inflight},
 * {@code T.commit}, {@code T.<action>.requested|inflight}, {@code T.<action>}. A completed
 * compaction is a {@code commit} and a completed log compaction a {@code deltacommit}.
 *
 * <p>In timeline layout 2 (table version 8) a completed instant also has a completion time and is
 * named {@code T_C.<action>} (Hudi 1.0's {@code InstantFileNameGeneratorV2}); a completed file
 * without {@code _C} there is a legacy instant without completion time. As in Hudi's {@code
 * HoodieInstant}, the completion time is not part of an instant's identity ({@link #equals}).
 */
public final class Instant implements Comparable<Instant>, Serializable {
  private static final long serialVersionUID = 1L;
  private static final Pattern NAME =
      Pattern.compile("^(\\d+)(?:_(\\d+))?\\.([a-z]+)(?:\\.([a-z]+))?$");
  private static final String REQUESTED_SUFFIX = "requested";
  private static final String INFLIGHT_SUFFIX = "inflight";

  /** Timeline order: time, then state (requested before inflight before completed). */
  private static final Comparator<Instant> ORDER =
      Comparator.comparing(Instant::time).thenComparing(i -> i.state).thenComparing(i -> i.action);

  private final InstantTime time;
  private final Action action;
  private final State state;

  /** Layout 2 only: when the instant completed; null otherwise. */
  private final InstantTime completionTime;

  private Instant(InstantTime time, Action action, State state) {
    this(time, action, state, null);
  }

  private Instant(InstantTime time, Action action, State state, InstantTime completionTime) {
    this.time = Objects.requireNonNull(time);
    this.action = Objects.requireNonNull(action);
    this.state = Objects.requireNonNull(state);
    this.completionTime = completionTime;
    if (completionTime != null && state != State.COMPLETED) {
      throw new HudiTableException(
          "Only a completed instant has a completion time: " + time + " is " + state);
    }
    if (completionTime != null && completionTime.isBefore(time)) {
      throw new HudiTableException(
          "Completion time "
              + completionTime
              + " of instant "
              + time
              + " is before its instant time");
    }
    if (state == State.COMPLETED && action.completedAction() != action) {
      throw new HudiTableException(
          "A completed " + action.value() + " is a " + action.completedAction().value());
    }
    if (state == State.REQUESTED && action == Action.SAVEPOINT) {
      throw new HudiTableException("A savepoint has no requested state");
    }
  }

  public static Instant of(InstantTime time, Action action, State state) {
    return new Instant(time, action, state);
  }

  public static Instant requested(InstantTime time, Action action) {
    return new Instant(time, action, State.REQUESTED);
  }

  public static Instant inflight(InstantTime time, Action action) {
    return new Instant(time, action, State.INFLIGHT);
  }

  public static Instant completed(InstantTime time, Action action) {
    return new Instant(time, action, State.COMPLETED);
  }

  /**
   * A completed instant with its completion time, named {@code T_C.<action>} (timeline layout 2).
   */
  public static Instant completed(InstantTime time, Action action, InstantTime completionTime) {
    return new Instant(time, action, State.COMPLETED, Objects.requireNonNull(completionTime));
  }

  public InstantTime time() {
    return time;
  }

  /** When the instant completed (timeline layout 2); empty for layout 1 and legacy instants. */
  public Optional<InstantTime> completionTime() {
    return Optional.ofNullable(completionTime);
  }

  public Action action() {
    return action;
  }

  public State state() {
    return state;
  }

  public boolean isCompleted() {
    return state == State.COMPLETED;
  }

  /** This completed instant with a completion time (timeline layout 2). */
  public Instant withCompletionTime(InstantTime completion) {
    if (state != State.COMPLETED) {
      throw new HudiTableException("Only a completed instant has a completion time: " + this);
    }
    return new Instant(time, action, state, Objects.requireNonNull(completion));
  }

  /** This instant in another state; a compaction moving to completed becomes a commit. */
  public Instant withState(State newState) {
    Action newAction = newState == State.COMPLETED ? action.completedAction() : action;
    return new Instant(time, newAction, newState);
  }

  /**
   * The action instants are grouped by when the highest state of an instant is chosen (compaction
   * and commit, log compaction and deltacommit, are one instant).
   */
  Action comparableAction() {
    return action.completedAction();
  }

  /**
   * The file name of this instant in the timeline folder ({@code .hoodie/}, or {@code
   * .hoodie/timeline/} in layout 2): {@code T_C.<action>} for a completed instant with a completion
   * time.
   */
  public String fileName() {
    switch (state) {
      case REQUESTED:
        return time + "." + action.value() + "." + REQUESTED_SUFFIX;
      case INFLIGHT:
        return action == Action.COMMIT
            ? time + "." + INFLIGHT_SUFFIX
            : time + "." + action.value() + "." + INFLIGHT_SUFFIX;
      case COMPLETED:
      default:
        return completionTime == null
            ? time + "." + action.value()
            : time + "_" + completionTime + "." + action.value();
    }
  }

  /**
   * Parses an instant file name; empty when the name is not a timeline file (other files in {@code
   * .hoodie/}, such as {@code hoodie.properties}).
   */
  public static Optional<Instant> tryParse(String fileName) {
    Matcher m = NAME.matcher(fileName);
    if (!m.matches()) {
      return Optional.empty();
    }
    String timeText = m.group(1);
    String completionText = m.group(2);
    String actionText = m.group(3);
    String stateText = m.group(4);
    if (timeText.length() != 17 && timeText.length() != 14 && timeText.length() != 20) {
      return Optional.empty();
    }
    if (completionText != null && (stateText != null || completionText.length() != 17)) {
      return Optional.empty();
    }
    InstantTime time = InstantTime.parse(timeText);
    if (completionText != null) {
      InstantTime completion = InstantTime.parse(completionText);
      Action action;
      try {
        action = Action.fromValue(actionText);
      } catch (IllegalArgumentException e) {
        return Optional.empty();
      }
      if (action.completedAction() != action || completion.isBefore(time)) {
        return Optional.empty();
      }
      return Optional.of(completed(time, action, completion));
    }
    if (stateText == null && INFLIGHT_SUFFIX.equals(actionText)) {
      return Optional.of(inflight(time, Action.COMMIT));
    }
    Action action;
    try {
      action = Action.fromValue(actionText);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    State state;
    if (stateText == null) {
      state = State.COMPLETED;
    } else if (REQUESTED_SUFFIX.equals(stateText)) {
      state = State.REQUESTED;
    } else if (INFLIGHT_SUFFIX.equals(stateText)) {
      state = State.INFLIGHT;
    } else {
      return Optional.empty();
    }
    if (state == State.COMPLETED && action.completedAction() != action) {
      return Optional.empty();
    }
    if (action == Action.COMMIT && state == State.INFLIGHT) {
      // "T.commit.inflight" is the legacy name; layout 1 writes "T.inflight".
      return Optional.of(inflight(time, Action.COMMIT));
    }
    if (action == Action.SAVEPOINT && state == State.REQUESTED) {
      return Optional.empty();
    }
    return Optional.of(new Instant(time, action, state));
  }

  /** Parses an instant file name, failing with a message naming the name and the expected form. */
  public static Instant parse(String fileName) {
    return tryParse(fileName)
        .orElseThrow(
            () ->
                new HudiTableException(
                    "'"
                        + fileName
                        + "' is not an instant file name: expected <17-digit (or 14- or 20-digit) time>.<action>"
                        + "[.requested|.inflight], <time>.inflight or <time>_<completion time>.<action>"));
  }

  @Override
  public int compareTo(Instant other) {
    return ORDER.compare(this, other);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Instant)) {
      return false;
    }
    Instant other = (Instant) o;
    return time.equals(other.time) && action == other.action && state == other.state;
  }

  @Override
  public int hashCode() {
    return Objects.hash(time, action, state);
  }

  @Override
  public String toString() {
    return "["
        + time
        + (completionTime == null ? "" : "__" + completionTime)
        + "__"
        + action.value()
        + "__"
        + state
        + "]";
  }
}
