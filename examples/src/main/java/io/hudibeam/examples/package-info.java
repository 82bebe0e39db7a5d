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
 * The runnable examples ({@code trips}, {@code ingest}) of the examples jar. They use only HudiIO's
 * public API and the types it returns, so they can be copied into a user's project. Beyond it, only
 * the progress line on the embedded Flink ({@link io.hudibeam.examples.FlinkJobListener}) uses
 * Flink's job listener API and the metrics accumulator of Beam's FlinkRunner.
 *
 * <p>Depends on nothing else in its module: one package, and of the other modules only on what a
 * user sees.
 */
package io.hudibeam.examples;
