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
 * Stage 1, start instant: mints the write instant at run time and hands it to every later stage as
 * a singleton side input; decides the write schema ({@code WriteSchemas}); the heartbeat every
 * stage working for the instant refreshes ({@code InstantHeartbeat}). May depend on the commit
 * module, {@code io.hudibeam.transforms} and {@code transforms.coders}.
 *
 * <p>{@code @Internal}: not a public API; it may change in any release. Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
@Internal
package io.hudibeam.transforms.instant;

import org.apache.beam.sdk.annotations.Internal;
