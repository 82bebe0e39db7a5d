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
 * The METADATA_ONLY bootstrap as Hudi writes it (0.15.0, 1.0.2): one skeleton file per source file
 * ({@code SkeletonFileWriter}, Hudi's {@code HoodieBootstrapHandle}: a base file of the five meta
 * fields only, in a new file group) and the bootstrap index that maps each skeleton file's file
 * group to its untouched source file ({@code BootstrapIndexWriter}, Hudi's {@code
 * HFileBootstrapIndex}); for writers and readers of such a table, the index's reader, which base
 * files are skeleton files ({@code SkeletonBaseFiles}) and a skeleton file read joined with its
 * source file ({@code BootstrapBaseFileReader}). docs/format.md section 14, docs/bootstrap.md.
 *
 * <p>May depend on {@code io.hudibeam.table}, {@code io.hudibeam.timeline}, {@code
 * io.hudibeam.bootstrap}, {@code io.hudibeam.hfile}, {@code io.hudibeam.basefile}, {@code
 * io.hudibeam.files}, {@code io.hudibeam.keygen}, {@code io.hudibeam.metadata} and {@code
 * io.hudibeam.commit}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.skeleton;
