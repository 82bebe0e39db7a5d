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
 * Data file names and the file-system view: base and log file names with their file id, write token
 * and instant, file groups and file slices, and {@code FileSystemView} (the latest slice of each
 * file group, as Hudi's readers see it). It reads the replacecommit metadata that hides replaced
 * file groups.
 *
 * <p>May depend on {@code io.hudibeam.table}, {@code io.hudibeam.timeline} and {@code
 * io.hudibeam.metadata}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.files;
