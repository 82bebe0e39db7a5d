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
 * Hudi's table services, each run after a commit on the committed table: clean ({@code Cleaner}:
 * plan and execute, Hudi's {@code CleanPlanner}), compaction of a merge-on-read table ({@code
 * Compactor}: schedule, execute with {@code write/CompactHandle}, commit) and archival of the
 * timeline ({@code TimelineArchiver}; on table version 8 the LSM history, {@code HistoryArchiver}),
 * with their settings; the metadata table's clean and archival, run at a write's start ({@code
 * MetadataTableServices}, {@code MetadataTableCleaner}, {@code MetadataTableArchivalBound}).
 * Clustering belongs here too.
 *
 * <p>May depend on {@code io.hudibeam.table}, {@code io.hudibeam.timeline}, {@code
 * io.hudibeam.metadata}, {@code io.hudibeam.files}, {@code io.hudibeam.basefile}, {@code
 * io.hudibeam.log}, {@code io.hudibeam.commit}, {@code io.hudibeam.write}, {@code
 * io.hudibeam.metadatatable}, {@code io.hudibeam.bootstrap} and {@code io.hudibeam.skeleton} (a
 * compaction plan names a skeleton slice's source file).
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.services;
