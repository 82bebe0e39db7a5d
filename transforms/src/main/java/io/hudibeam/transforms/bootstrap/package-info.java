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
 * The read stage of {@code HudiIO.bootstrap()}: "Read source files", one element per source Parquet
 * file, spread over the workers, each file's rows turned into the bootstrap's records ({@code
 * io.hudibeam.bootstrap.SourceRecords}). The records then take the bulk_insert write path
 * (FULL_RECORD). For METADATA_ONLY, "Write skeleton files" writes a skeleton file per source file
 * and "Write bootstrap index" the index before the commit ({@code io.hudibeam.skeleton}). May
 * depend on the commit module, {@code io.hudibeam.transforms}, {@code
 * io.hudibeam.transforms.coders}, {@code io.hudibeam.transforms.instant} (the heartbeat) and {@code
 * io.hudibeam.transforms.write} (the files' spec and write tokens).
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.transforms.bootstrap;
