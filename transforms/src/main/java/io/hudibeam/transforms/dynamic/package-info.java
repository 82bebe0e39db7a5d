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
 * A write of many tables whose graph does not depend on their number ({@code
 * HudiIO.writeDynamic()}): records are packed per table and window ({@code PackPerTableFn}); in
 * batch they are grouped by table and each table's group is written as one instant in one worker
 * ({@code WriteTablesFn}); when streaming, a step keyed by table keeps a table's packs until the
 * watermark passes their commit interval and writes the table's intervals in order ({@code
 * WriteIntervalsFn}). A table's instant goes through the bodies of the stages of {@code
 * HudiIO.write()} one after another ({@code TableWrite}): start, key, de-duplicate, tag (the SIMPLE
 * index), plan, write file groups, commit, table services. Tables are created when their first
 * records arrive.
 *
 * <p>May depend on the commit module, {@code io.hudibeam.transforms}, {@code transforms.commit},
 * {@code transforms.instant}, {@code transforms.plan}, {@code transforms.records}, {@code
 * transforms.services} and {@code transforms.write} (the stage bodies it runs).
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.dynamic;

import org.apache.beam.sdk.annotations.Internal;
