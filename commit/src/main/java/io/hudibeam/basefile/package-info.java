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
 * Base files: Parquet with Hudi's five meta fields, written and read through parquet-avro, with the
 * footer Hudi's readers and its bloom index expect (bloom filter, min/max record key, schema); and
 * HFile base files of Avro records as Hudi writes them for its metadata table ({@link
 * io.hudibeam.basefile.HFileBaseFileWriter}, {@link io.hudibeam.basefile.HFileBaseFileReader}).
 *
 * <p>May depend on {@code io.hudibeam.table} and {@code io.hudibeam.hfile} only.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.basefile;
