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
package io.hudibeam.hfile;

/** Where the index writer puts its blocks: the file being written. */
interface BlockSink {
  /**
   * Compresses and writes one block of {@code type} holding {@code content}. {@code countInTotal}
   * says whether the block counts in the trailer's total uncompressed bytes (HBase counts data,
   * leaf index, meta, meta index and file info blocks, not the root and intermediate data index).
   */
  Written write(BlockType type, byte[] content, boolean countInTotal);

  /** Where a block went and how big it is. */
  record Written(long offset, int onDiskSizeWithHeader, int uncompressedSizeWithoutHeader) {}
}
