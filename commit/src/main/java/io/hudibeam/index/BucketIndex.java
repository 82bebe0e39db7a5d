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
package io.hudibeam.index;

import io.hudibeam.files.FileId;
import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;

/**
 * Hudi's simple bucket index ({@code hoodie.index.type=BUCKET}, engine SIMPLE): every partition is
 * split into a fixed number of buckets, a record goes to bucket {@code hash(hash-field values) mod
 * count}, and each bucket is one file group whose file id starts with the bucket id. The bucket id
 * and file id rules are those of Hudi 0.15's {@code BucketIdentifier}, so Hudi's bucket-index
 * writers and this one place every key in the same file group.
 *
 * <p>Hudi keeps the bucket count and hash field in the write config only; hoodie.properties of a
 * 0.15 table records neither, so every writer of a bucket table must be given the same settings.
 */
public final class BucketIndex implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The keys of the two settings (the settings registry declares them with these keys). */
  public static final String NUM_BUCKETS = "hoodie.bucket.index.num.buckets";

  public static final String HASH_FIELD = "hoodie.bucket.index.hash.field";

  /** Hudi 0.15's default of the bucket count. */
  public static final int DEFAULT_NUM_BUCKETS = 256;

  private static final int BUCKET_ID_WIDTH = 8;

  /** The key generators' placeholders for a null and an empty key value (Hudi's KeyGenUtils). */
  private static final String NULL_PLACEHOLDER = "__null__";

  private static final String EMPTY_PLACEHOLDER = "__empty__";

  private final int numBuckets;
  private final List<String> hashFields;

  private BucketIndex(int numBuckets, List<String> hashFields) {
    this.numBuckets = numBuckets;
    this.hashFields = List.copyOf(hashFields);
  }

  /**
   * @param hashFields the fields whose values are hashed; a subset of the record key fields
   */
  public static BucketIndex of(int numBuckets, List<String> hashFields) {
    if (numBuckets < 1) {
      throw new HudiTableException(
          NUM_BUCKETS + " must be a whole number >= 1, but was '" + numBuckets + "'");
    }
    Objects.requireNonNull(hashFields, "hashFields");
    if (hashFields.isEmpty() || hashFields.stream().anyMatch(f -> f == null || f.isEmpty())) {
      throw new HudiTableException(
          HASH_FIELD + " needs at least one non-empty field name, but was " + hashFields);
    }
    return new BucketIndex(numBuckets, hashFields);
  }

  public int numBuckets() {
    return numBuckets;
  }

  public List<String> hashFields() {
    return hashFields;
  }

  /**
   * The bucket of a record key, as Hudi's {@code BucketIdentifier.getBucketId}: a key without
   * {@code ':'} (one key field) is hashed alone; a {@code field:value,...} key contributes, in key
   * order, the values of the hash fields ({@code __null__} as null, {@code __empty__} as ""). The
   * hash is {@code List.hashCode()} of those values, sign bit cleared, modulo the bucket count.
   */
  public int bucketId(String recordKey) {
    return (hashValues(recordKey).hashCode() & Integer.MAX_VALUE) % numBuckets;
  }

  /** The values hashed for a record key (Hudi's {@code BucketIdentifier.getHashKeys}). */
  List<String> hashValues(String recordKey) {
    if (!recordKey.contains(":")) {
      return List.of(recordKey);
    }
    // As Hudi's KeyGenUtils.extractRecordKeysByFields: a part without ':' is kept whole.
    List<String> values = new ArrayList<>();
    for (String part : recordKey.split(",")) {
      String[] fieldAndValue = part.split(":", 2);
      if (fieldAndValue.length == 1) {
        values.add(fieldAndValue[0]);
      } else if (hashFields.contains(fieldAndValue[0])) {
        values.add(placeholderToValue(fieldAndValue[1]));
      }
    }
    return values;
  }

  private static String placeholderToValue(String value) {
    if (NULL_PLACEHOLDER.equals(value)) {
      return null;
    }
    return EMPTY_PLACEHOLDER.equals(value) ? "" : value;
  }

  /** The bucket id as it leads a file id: zero-padded to 8 digits ({@code bucketIdStr}). */
  public static String bucketIdString(int bucketId) {
    if (bucketId < 0) {
      throw new HudiTableException("A bucket id must be >= 0, but was " + bucketId);
    }
    return String.format(Locale.ROOT, "%0" + BUCKET_ID_WIDTH + "d", bucketId);
  }

  /**
   * The file id of a new bucket file group, as Hudi's {@code newBucketFileIdPrefix} + {@code "-0"}:
   * a UUID whose first 8 characters are replaced by the bucket id string.
   */
  public static FileId newFileId(int bucketId, UUID random) {
    String prefix = bucketIdString(bucketId) + random.toString().substring(BUCKET_ID_WIDTH);
    return FileId.parse(prefix + "-0");
  }

  /** The bucket of a file group: its file id's first 8 characters ({@code bucketIdFromFileId}). */
  public static int bucketIdOf(FileId fileId) {
    String value = fileId.value();
    String head = value.length() < BUCKET_ID_WIDTH ? value : value.substring(0, BUCKET_ID_WIDTH);
    if (head.length() < BUCKET_ID_WIDTH || !head.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new HudiTableException(
          "File id '"
              + value
              + "' is not a bucket file id: a bucket-index table needs file ids"
              + " that start with an 8-digit bucket id; was the table written with another index?");
    }
    return Integer.parseInt(head);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BucketIndex
        && numBuckets == ((BucketIndex) o).numBuckets
        && hashFields.equals(((BucketIndex) o).hashFields);
  }

  @Override
  public int hashCode() {
    return numBuckets * 31 + hashFields.hashCode();
  }

  @Override
  public String toString() {
    return "BucketIndex{" + numBuckets + " buckets by " + hashFields + "}";
  }
}
