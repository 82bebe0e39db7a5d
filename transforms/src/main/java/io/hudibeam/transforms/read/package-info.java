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
 * The read stages of {@code HudiIO.read()}: plan the file slices of a query ({@code PlanReads}),
 * read each slice's merged records as Beam Rows in a splittable DoFn with a size estimate ({@code
 * ReadFileSlices}), and for a streaming tail watch the timeline for new commits with the last
 * position read as the checkpointed restriction ({@code WatchCommits}). May depend on the commit
 * module ({@code io.hudibeam.read} and what it uses) and {@code transforms.coders}.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO}.
 */
package io.hudibeam.transforms.read;
