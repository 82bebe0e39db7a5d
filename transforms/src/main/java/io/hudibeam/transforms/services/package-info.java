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
 * The table services a write runs after its commit, each its own step with its own metrics, in this
 * order: {@code Clean} (Hudi's automatic clean), {@code CompactInline} (a merge-on-read table's
 * inline compaction) and {@code Archive} (timeline archival). Each takes the committed instants of
 * the commit step and passes them on once its service is done, so the write's result follows the
 * last service, as it followed the commit step when the commit step ran them. Each decides from the
 * commit's outcome whether it runs, so a replayed commit step (an instant already committed, or a
 * streaming interval already committed through) never compacts or archives twice; a clean is
 * idempotent and runs again after an already-committed instant, as Hudi's writer resumes a pending
 * clean. A service that fails is logged and counted; the commit stands and the next commit retries
 * it. A new table service (clustering, the metadata table's compaction, clean and archival) is a
 * new step here.
 *
 * <p>May depend on the commit module, {@code io.hudibeam.transforms} and {@code transforms.commit}
 * (its input type).
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.services;

import org.apache.beam.sdk.annotations.Internal;
