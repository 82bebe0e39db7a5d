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
 * Stages 4 and 5, profile workload and assign buckets: Hudi's workload profile saved into the
 * inflight instant, and the routing of each tagged record to its file group (updates to theirs,
 * inserts into small files first, then new file groups; on a streaming copy-on-write write with an
 * index that looks keys up, inserts are routed as they arrive by a stateful assigner, {@link
 * io.hudibeam.transforms.plan.AssignInserts}). May depend on the commit module, {@code
 * io.hudibeam.transforms}, {@code transforms.coders}, {@code transforms.instant} (the heartbeat)
 * and {@code transforms.index} (its input type).
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.plan;

import org.apache.beam.sdk.annotations.Internal;
