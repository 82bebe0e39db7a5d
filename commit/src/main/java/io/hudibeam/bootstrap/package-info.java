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
 * Bootstrap of an existing Parquet dataset into a Hudi table, as Hudi's {@code
 * SparkBootstrapCommitActionExecutor} (0.15.0, 1.0.2) does it: the source files and their
 * partitions ({@code BootstrapSource}, Hudi's {@code BootstrapUtils.getAllLeafFoldersWithFiles}),
 * the mode of each partition ({@code BootstrapModeSelector}, Hudi's mode selectors) and the
 * reserved bootstrap instant times ({@code BootstrapInstants}). docs/bootstrap.md.
 *
 * <p>May depend on {@code io.hudibeam.table} and {@code io.hudibeam.timeline}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.bootstrap;
