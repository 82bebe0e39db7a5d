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
package io.hudibeam.write;

/** What makes two records the same key in a {@link SpillableRecordMap}. */
public enum KeyScope {
  /** The record key alone: a file group's merge, or a global index. */
  RECORD_KEY,
  /** The record key within its partition path: a partition-local index. */
  RECORD_KEY_AND_PARTITION
}
