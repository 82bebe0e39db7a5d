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
package io.hudibeam.read;

import java.io.Serializable;

/**
 * A completed write instant as a streaming read takes it.
 *
 * @param instant the instant time ({@code _hoodie_commit_time} of the records it wrote)
 * @param position where a reader stands once it has read this commit: on table version 8 the
 *     completion time, on version 6 (which records none) the instant time
 */
public record TableCommit(String instant, String position) implements Serializable {}
