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

/** Test helpers on HFile bytes for tests outside this package. */
public final class HFileTestBytes {
  private HFileTestBytes() {}

  /**
   * The file with the gzip header of every block saying OS 255, as the JDK's {@code
   * GZIPOutputStream} writes it (Hudi's Spark bundle, our writer), instead of 0, as Hadoop 3.4's
   * {@code BuiltInGzipCompressor} writes it under HBase in this test class path; checksums
   * recomputed. The rest of the deflate stream is the same for both.
   */
  public static byte[] withJdkGzipHeaders(byte[] file) {
    return BlockWalk.withGzipOsByte(file, 0xff);
  }
}
