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
 * A Hudi table as a whole: its base path and folder layout ({@code TablePaths}), its configuration
 * in {@code .hoodie/hoodie.properties} with Hudi's checksum ({@code TableConfig}, {@code
 * TableConfigStore}, {@code TableProperty}), the table type and timeline timezone, and the
 * exceptions that name a table problem. The root of the commit module. Plain Java and Hadoop's
 * FileSystem; no Beam imports (as for every package of the commit module).
 *
 * <p>Depends on nothing else in io.hudibeam: the root of the commit module.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.table;
