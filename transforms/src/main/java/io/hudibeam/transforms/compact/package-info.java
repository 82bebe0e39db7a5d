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
 * Compaction of a merge-on-read table as a pipeline of its own ({@code HudiIO.compact()}): schedule
 * or resume, one file slice per element after a reshuffle, commit per compaction instant. May
 * depend on the commit module, {@code io.hudibeam.transforms} (the table's identity), {@code
 * transforms.coders}, {@code transforms.commit} (its output type) and {@code transforms.write}
 * (write tokens).
 */
package io.hudibeam.transforms.compact;
