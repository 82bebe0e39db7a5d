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
 * The streaming sink on the table: which commit intervals a sink has committed ({@code
 * SinkInstants}: a replay skipped, a different stream under the same sink id refused), how far its
 * commits go ({@code SinkProgress}), the one live run per sink ({@code SinkHeartbeat}), and the
 * commit of one interval's instant ({@code IntervalCommitter}). The lineage a commit records
 * ({@code SinkLineage}, {@code IntervalContent}) is part of the commit protocol in {@code
 * io.hudibeam.commit}.
 *
 * <p>May depend on {@code io.hudibeam.concurrency}, {@code io.hudibeam.table}, {@code
 * io.hudibeam.timeline}, {@code io.hudibeam.metadata}, {@code io.hudibeam.metadatatable} and {@code
 * io.hudibeam.commit}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.sink;
