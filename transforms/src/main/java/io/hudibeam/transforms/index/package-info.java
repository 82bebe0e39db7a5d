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
 * Stage 3, tag locations: {@code TagLocations} applies the {@code IndexStage} of the write's index
 * type and operation, one PTransform per index ({@code TagAsNew}, {@code TagByBucket}, {@code
 * TagBySimpleIndex}, {@code TagByBloomIndex}); shared pieces are {@code LatestBaseFiles} (one
 * listing per write, derived from the records), {@code IndexJoin}, {@code StoredKeys} and {@code
 * TagFn}. Output: {@code TaggedRecord}. May depend on the commit module, {@code
 * io.hudibeam.transforms}, {@code transforms.coders}, {@code transforms.instant} (the heartbeat)
 * and {@code transforms.records}.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.index;

import org.apache.beam.sdk.annotations.Internal;
