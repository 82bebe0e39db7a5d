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
 * The read path of the table format: which file slices a query reads ({@code ReadPlanner}: the
 * snapshot, read-optimized, time-travel and incremental queries, and the commits a streaming tail
 * reads next) and the records of one file slice ({@code FileSliceReader}: a base file merged with
 * its log files by the table's merge rules). May depend on {@code table}, {@code timeline}, {@code
 * files}, {@code log}, {@code basefile}, {@code metadata}, {@code schema}, {@code commit} (the
 * table's schema), {@code write} (the merge ordering), {@code skeleton} (a METADATA_ONLY
 * bootstrap's skeleton file read joined with its source file) and {@code metadatatable} (the
 * listing a query plans from: the metadata table's files partition or the file system).
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.read;
