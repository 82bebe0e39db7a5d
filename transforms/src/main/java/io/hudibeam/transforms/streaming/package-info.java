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
/**
 * The streaming write's coordination: one instant per commit interval ({@code CoordinateInstants},
 * its stateful {@code CoordinatorFn} and the {@code EndOfInputHold}), the decisions that go back
 * into the intervals as side inputs ({@code IntervalDecision}, {@code StartedInstants}), dropping a
 * replayed interval's records ({@code SkipCommittedIntervals}), records waiting for their
 * interval's side input ({@code WaitForSideInput}), and the stream's settings and Flink checks. May
 * depend on the commit module, {@code io.hudibeam.transforms}, {@code transforms.coders} and {@code
 * transforms.instant} (the write schema of an interval's instant).
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.streaming;

import org.apache.beam.sdk.annotations.Internal;
