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
 * The transaction protocol of one write instant: starting it ({@code InstantStarter}: refuse a
 * damaged table ({@code TableIntegrity}), create or open the table, roll back failed pending
 * instants, write the requested instant), markers, committing it ({@code InstantCommitter}: check
 * write conflicts, delete unreferenced files, write the commit metadata), rollback, the table
 * schema of the timeline, and the lineage a streaming sink's commit records. Who may write at once
 * (the table lock, writer heartbeats) is in {@code io.hudibeam.concurrency}; the table services
 * that run after a commit are in {@code io.hudibeam.services}.
 *
 * <p>May depend on {@code io.hudibeam.concurrency}, {@code io.hudibeam.table}, {@code
 * io.hudibeam.timeline}, {@code io.hudibeam.metadata}, {@code io.hudibeam.files}, {@code
 * io.hudibeam.log}, {@code io.hudibeam.metadatatable} and {@code io.hudibeam.bootstrap}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.commit;
