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
 * Stage 7, commit instant: gathers the write stats on one worker, commits the instant (idempotent),
 * then cleans; {@code CommittedInstant} is its result, which beam-io turns into the public {@code
 * io.hudibeam.HudiCommitInfo}. May depend on the commit module, {@code io.hudibeam.transforms},
 * {@code transforms.coders} and {@code transforms.instant} (the heartbeat and the write schema).
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.commit;

import org.apache.beam.sdk.annotations.Internal;
