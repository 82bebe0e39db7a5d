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
package io.hudibeam.metadatatable;

/**
 * XXHash64 (the published algorithm, as lz4-java's {@code XXHash64} that Hudi's {@code HashID}
 * calls computes it) of a byte array with a seed; the 64-bit ids of the {@code column_stats} keys.
 */
final class XxHash64 {
  private static final long P1 = 0x9E3779B185EBCA87L;
  private static final long P2 = 0xC2B2AE3D27D4EB4FL;
  private static final long P3 = 0x165667B19E3779F9L;
  private static final long P4 = 0x85EBCA77C2B2AE63L;
  private static final long P5 = 0x27D4EB2F165667C5L;

  private XxHash64() {}

  static long hash(byte[] in, long seed) {
    int len = in.length;
    int i = 0;
    long h;
    if (len >= 32) {
      long v1 = seed + P1 + P2;
      long v2 = seed + P2;
      long v3 = seed;
      long v4 = seed - P1;
      int limit = len - 32;
      do {
        v1 = round(v1, readLong(in, i));
        v2 = round(v2, readLong(in, i + 8));
        v3 = round(v3, readLong(in, i + 16));
        v4 = round(v4, readLong(in, i + 24));
        i += 32;
      } while (i <= limit);
      h =
          Long.rotateLeft(v1, 1)
              + Long.rotateLeft(v2, 7)
              + Long.rotateLeft(v3, 12)
              + Long.rotateLeft(v4, 18);
      h = mergeRound(h, v1);
      h = mergeRound(h, v2);
      h = mergeRound(h, v3);
      h = mergeRound(h, v4);
    } else {
      h = seed + P5;
    }
    h += len;
    while (i + 8 <= len) {
      h ^= round(0, readLong(in, i));
      h = Long.rotateLeft(h, 27) * P1 + P4;
      i += 8;
    }
    if (i + 4 <= len) {
      h ^= (readInt(in, i) & 0xFFFFFFFFL) * P1;
      h = Long.rotateLeft(h, 23) * P2 + P3;
      i += 4;
    }
    while (i < len) {
      h ^= (in[i] & 0xFFL) * P5;
      h = Long.rotateLeft(h, 11) * P1;
      i++;
    }
    h ^= h >>> 33;
    h *= P2;
    h ^= h >>> 29;
    h *= P3;
    h ^= h >>> 32;
    return h;
  }

  private static long round(long acc, long input) {
    acc += input * P2;
    acc = Long.rotateLeft(acc, 31);
    return acc * P1;
  }

  private static long mergeRound(long acc, long val) {
    acc ^= round(0, val);
    return acc * P1 + P4;
  }

  private static long readLong(byte[] b, int i) {
    return (b[i] & 0xFFL)
        | (b[i + 1] & 0xFFL) << 8
        | (b[i + 2] & 0xFFL) << 16
        | (b[i + 3] & 0xFFL) << 24
        | (b[i + 4] & 0xFFL) << 32
        | (b[i + 5] & 0xFFL) << 40
        | (b[i + 6] & 0xFFL) << 48
        | (b[i + 7] & 0xFFL) << 56;
  }

  private static int readInt(byte[] b, int i) {
    return (b[i] & 0xFF)
        | (b[i + 1] & 0xFF) << 8
        | (b[i + 2] & 0xFF) << 16
        | (b[i + 3] & 0xFF) << 24;
  }
}
