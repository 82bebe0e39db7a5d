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
 * Timeline metadata of a Hudi table (version 6): the JSON commit metadata written into commit,
 * deltacommit and replacecommit instants, and the Avro plans and results of rollback, clean and
 * replace instants. Values here are immutable and independent of Hudi's own classes; the codecs
 * produce bytes Hudi 0.14/0.15 readers parse and read the bytes those writers produce.
 *
 * <p>May depend on {@code io.hudibeam.table} and {@code io.hudibeam.timeline}.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.metadata;
