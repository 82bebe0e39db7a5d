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
 * Deterministic coders of the values that cross a shuffle or a side input (records, locations, base
 * files, buckets, write stats), each tested by a round trip. May depend on the commit module and
 * Beam only.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.coders;

import org.apache.beam.sdk.annotations.Internal;
