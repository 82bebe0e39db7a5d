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
 * Writing records into file groups: the record and its operation ({@code TableRecord}, {@code
 * RecordPayload}), the write plan (Hudi's workload profile, small-file packing and bucket
 * assignment in {@code WritePlanner}), and the write handles (create, rolling create, merge,
 * concat, append, compact) that produce base and log files and write stats, and the write
 * transaction that runs one instant's steps ({@code WriteTransaction}: start, {@code
 * FileGroupWriter}, commit) for the pipeline's stages and for tests. {@code WriteOperation} and
 * {@code IndexType} are part of the public API ({@code HudiIO.Write#withOperation}, {@code
 * #withIndex}).
 *
 * <p>May depend on {@code io.hudibeam.concurrency}, {@code io.hudibeam.table}, {@code
 * io.hudibeam.timeline}, {@code io.hudibeam.metadata}, {@code io.hudibeam.files}, {@code
 * io.hudibeam.keygen}, {@code io.hudibeam.schema}, {@code io.hudibeam.basefile}, {@code
 * io.hudibeam.log}, {@code io.hudibeam.index}, {@code io.hudibeam.commit}, {@code
 * io.hudibeam.metadatatable}, {@code io.hudibeam.sink}, {@code io.hudibeam.bootstrap} and {@code
 * io.hudibeam.skeleton} (a METADATA_ONLY bootstrap's skeleton file read joined with its source
 * file).
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.write;
