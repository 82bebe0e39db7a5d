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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.files.FileId;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.testing.TripsData;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hudi.common.model.HoodieKey;
import org.apache.hudi.index.bucket.BucketIdentifier;
import org.junit.Test;

/** Our bucket ids and bucket file ids against Hudi 0.15's own {@link BucketIdentifier}. */
public class BucketIndexTest {
  private static final List<String> COMPLEX_KEYS =
      List.of(
          "uuid:trip-000000000001,rider:rider-A",
          "uuid:trip-000000000002,rider:__null__",
          "uuid:__empty__,rider:rider-B",
          "rider:rider-C,uuid:trip-000000000003",
          "uuid:a:b:c,rider:x,y",
          "uuid:trip-000000000004");

  @Test
  public void simpleKeysHashLikeHudi() {
    for (int numBuckets : new int[] {1, 4, 7, 256, 1000}) {
      BucketIndex index = BucketIndex.of(numBuckets, List.of("uuid"));
      for (long i = 0; i < 2000; i++) {
        String key = TripsData.key(i);
        assertThat(key, index.bucketId(key), is(hudiBucketId(key, "uuid", numBuckets)));
      }
    }
  }

  @Test
  public void complexKeysHashTheHashFieldValuesLikeHudi() {
    for (String hashFields : new String[] {"uuid", "rider", "uuid,rider", "rider,uuid"}) {
      BucketIndex index = BucketIndex.of(16, Arrays.asList(hashFields.split(",")));
      for (String key : COMPLEX_KEYS) {
        assertThat(
            key + " by " + hashFields, index.bucketId(key), is(hudiBucketId(key, hashFields, 16)));
      }
    }
  }

  @Test
  public void hashesValuesNotTheKeyString() {
    BucketIndex byUuid = BucketIndex.of(1 << 30, List.of("uuid"));
    assertThat(
        byUuid.bucketId("uuid:trip-1,rider:r"),
        is((List.of("trip-1").hashCode() & Integer.MAX_VALUE) % (1 << 30)));
    assertThat(byUuid.hashValues("uuid:trip-1,rider:r"), is(List.of("trip-1")));
    assertThat(byUuid.hashValues("uuid:__null__,rider:r"), is(Arrays.asList((String) null)));
    assertThat(byUuid.hashValues("plain-key"), is(List.of("plain-key")));
  }

  @Test
  public void newFileIdsCarryTheBucketIdAsHudiReadsIt() {
    UUID seed = UUID.fromString("bb7c3a45-387f-490d-aab2-981c3f1a8ada");
    for (int bucket : new int[] {0, 3, 255, 12345678}) {
      FileId fileId = BucketIndex.newFileId(bucket, seed);
      assertThat(BucketIdentifier.bucketIdFromFileId(fileId.value()), is(bucket));
      assertThat(BucketIndex.bucketIdOf(fileId), is(bucket));
      assertThat(
          fileId.value(),
          is(BucketIdentifier.newBucketFileIdPrefix(seed.toString(), bucket) + "-0"));
    }
    assertThat(
        BucketIndex.newFileId(3, seed).value(), is("00000003-387f-490d-aab2-981c3f1a8ada-0"));
    assertThat(BucketIndex.bucketIdString(42), is(BucketIdentifier.bucketIdStr(42)));
  }

  @Test
  public void nonBucketFileIdsAreRefused() {
    for (String id :
        new String[] {"bb7c3a45-387f-490d-aab2-981c3f1a8ada-0", "1234-0", "0000000a-1-0"}) {
      HudiTableException e =
          assertThrows(HudiTableException.class, () -> BucketIndex.bucketIdOf(FileId.parse(id)));
      assertThat(e.getMessage(), containsString("'" + id + "' is not a bucket file id"));
    }
    assertThrows(HudiTableException.class, () -> BucketIndex.bucketIdString(-1));
  }

  @Test
  public void settingsDefaultAndValidateAsHudi() {
    BucketIndex defaults = SettingsReader.bucketIndex(Map.of(), List.of("uuid", "rider"));
    assertThat(defaults.numBuckets(), is(256));
    assertThat(defaults.hashFields(), is(List.of("uuid", "rider")));

    BucketIndex set =
        SettingsReader.bucketIndex(
            Map.of(BucketIndex.NUM_BUCKETS, "8", BucketIndex.HASH_FIELD, "rider"),
            List.of("uuid", "rider"));
    assertThat(set, is(BucketIndex.of(8, List.of("rider"))));

    assertThat(
        assertThrows(
                HudiTableException.class,
                () ->
                    SettingsReader.bucketIndex(
                        Map.of(BucketIndex.NUM_BUCKETS, "0"), List.of("uuid")))
            .getMessage(),
        is("hoodie.bucket.index.num.buckets must be a whole number >= 1, but was '0'"));
    assertThat(
        assertThrows(
                HudiTableException.class,
                () ->
                    SettingsReader.bucketIndex(
                        Map.of(BucketIndex.NUM_BUCKETS, "x"), List.of("uuid")))
            .getMessage(),
        is("hoodie.bucket.index.num.buckets must be a whole number >= 1, but was 'x'"));
    assertThat(
        assertThrows(
                HudiTableException.class,
                () ->
                    SettingsReader.bucketIndex(
                        Map.of(BucketIndex.HASH_FIELD, "city"), List.of("uuid")))
            .getMessage(),
        is("hoodie.bucket.index.hash.field must name record key fields [uuid], but was [city]"));
  }

  private static int hudiBucketId(String recordKey, String hashFields, int numBuckets) {
    int viaString = BucketIdentifier.getBucketId(recordKey, hashFields, numBuckets);
    int viaKey =
        BucketIdentifier.getBucketId(
            new HoodieKey(recordKey, "p"), Arrays.asList(hashFields.split(",")), numBuckets);
    assertThat(viaKey, is(viaString));
    return viaKey;
  }
}
