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
 * The registry of write settings ({@code HudiSettings}): each {@code hoodie.*} key HudiIO
 * understands with its type, default, parser, validator and documentation; {@code SettingsCheck},
 * which validates a write's properties and names the closest known key for an unknown one; and
 * {@code SettingsReader}, which reads a write's properties into the values the other packages take
 * ({@code ParquetSettings}, {@code CleanSettings}, {@code KeyGeneratorConfig}, ...). It is the top
 * of the commit module: no other package of the module reads a write's properties or depends on
 * this one. The values own their keys, defaults and the parsing of their own types (enums parse
 * themselves); the registry depends on them, never the other way.
 *
 * <p>May depend on {@code io.hudibeam.concurrency}, {@code io.hudibeam.table}, {@code
 * io.hudibeam.timeline}, {@code io.hudibeam.metadata}, {@code io.hudibeam.files}, {@code
 * io.hudibeam.keygen}, {@code io.hudibeam.schema}, {@code io.hudibeam.basefile}, {@code
 * io.hudibeam.log}, {@code io.hudibeam.index}, {@code io.hudibeam.commit}, {@code
 * io.hudibeam.write}, {@code io.hudibeam.metadatatable} and {@code io.hudibeam.services}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.settings;
