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
 * The Beam stages of a write (internal API: {@code io.hudibeam.HudiIO} is the public one). This
 * package holds what every stage shares: {@code WriteSpec} (one table's write, read once from its
 * settings), {@code StageSpec} (what each stage's own narrow spec, made from it, has: the table's
 * {@code TableId} and {@code TableLocation}), {@code ConcurrencyControl}, key shards, where
 * de-duplication happens, the failed-records policy. Subpackages hold one stage each, in pipeline
 * order: {@code instant}, {@code records}, {@code index}, {@code plan}, {@code write}, {@code
 * commit}; {@code coders} and {@code schema} serve them. May depend on the commit module and Beam;
 * never on {@code io.hudibeam.HudiIO} (beam-io).
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms;

import org.apache.beam.sdk.annotations.Internal;
