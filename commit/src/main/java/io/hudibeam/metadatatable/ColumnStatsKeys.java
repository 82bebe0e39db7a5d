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

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * Keys of the metadata table's {@code column_stats} records and the file group a key goes to, as
 * Hudi 1.0.2 computes them (docs/format.md §11.1): {@code
 * HoodieMetadataPayload.getColumnStatsIndexKey} concatenates the Base64 of {@code
 * ColumnIndexID(column)}, {@code PartitionIndexID(partition)} and {@code FileIndexID(file name)};
 * {@code HashID} makes the first two XXHash64 (seed {@code 0xdabadaba}, big-endian) and the last
 * the MD5 digest of the UTF-8 bytes.
 */
public final class ColumnStatsKeys {
  /** The metadata partition ({@code HoodieTableMetadataUtil.PARTITION_NAME_COLUMN_STATS}). */
  public static final String PARTITION = "column_stats";

  /** The metadata partition ({@code HoodieTableMetadataUtil.PARTITION_NAME_PARTITION_STATS}). */
  public static final String PARTITION_STATS = "partition_stats";

  /** {@code HashID.HASH_SEED}, an {@code int} widened to the {@code long} seed. */
  private static final long SEED = 0xdabadaba;

  private ColumnStatsKeys() {}

  /** The key of the stats of {@code column} in file {@code fileName} of {@code partitionPath}. */
  public static String key(String partitionPath, String fileName, String column) {
    return base64(xxHash(column))
        + base64(xxHash(MetadataRecords.partitionName(partitionPath)))
        + base64(md5(fileName));
  }

  /**
   * The key of the {@code partition_stats} record of {@code column} in {@code partitionPath}
   * ({@code HoodieTableMetadataUtil.getPartitionStatsIndexKey(partition, column)}): the first two
   * parts of a {@link #key}.
   */
  public static String partitionStatsKey(String partitionPath, String column) {
    return base64(xxHash(column)) + base64(xxHash(MetadataRecords.partitionName(partitionPath)));
  }

  /**
   * The file group of {@code key} among {@code fileGroups} ({@code
   * HoodieTableMetadataUtil.mapRecordKeyToFileGroupIndex}: the Java string hash, computed by hand).
   */
  public static int fileGroupIndex(String key, int fileGroups) {
    int h = 0;
    for (int i = 0; i < key.length(); i++) {
      h = 31 * h + key.charAt(i);
    }
    return Math.abs(Math.abs(h) % fileGroups);
  }

  private static byte[] xxHash(String s) {
    return ByteBuffer.allocate(8)
        .putLong(XxHash64.hash(s.getBytes(StandardCharsets.UTF_8), SEED))
        .array();
  }

  private static byte[] md5(String s) {
    try {
      return MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("The JVM has no MD5 MessageDigest", e);
    }
  }

  private static String base64(byte[] bytes) {
    return Base64.getEncoder().encodeToString(bytes);
  }
}
