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
 * Who may write a table at once: the table lock ({@code TableLock}: a lock file created if absent,
 * or the in-process lock of one JVM's writers, {@code InProcessLocks}), the writers' heartbeats
 * ({@code Heartbeats}) and the live writers they show ({@code LiveWriters}), what the storage
 * guarantees of a create-if-absent ({@code StorageGuarantees}, {@code CreateIfAbsent}), the commit
 * intents that keep two commits apart where the lock cannot ({@code CommitIntents}), and the
 * settings of all three (single writer or optimistic concurrency, lock and heartbeat timing).
 *
 * <p>May depend on {@code io.hudibeam.table} and {@code io.hudibeam.timeline}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.concurrency;
