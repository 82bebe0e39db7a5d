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
package io.hudibeam.basefile;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.testing.TripsData;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hudi.common.bloom.BloomFilterFactory;
import org.junit.Test;

public class BloomFilterTest {
  private static final BloomFilterSettings DEFAULTS = BloomFilterSettings.defaults();

  private static List<String> keys(int from, int count) {
    List<String> keys = new ArrayList<>(count);
    for (int i = from; i < from + count; i++) {
      keys.add(TripsData.key(i));
    }
    return keys;
  }

  private static BloomFilter ours(BloomFilterSettings settings, List<String> keys) {
    BloomFilter filter = BloomFilter.create(settings);
    keys.forEach(filter::add);
    return filter;
  }

  private static org.apache.hudi.common.bloom.BloomFilter hudis(
      BloomFilterSettings s, List<String> keys) {
    org.apache.hudi.common.bloom.BloomFilter filter =
        BloomFilterFactory.createBloomFilter(
            s.numEntries(), s.fpp(), s.dynamicMaxEntries(), s.type().value());
    keys.forEach(filter::add);
    return filter;
  }

  /** Compares serialized filters without printing 400 KB of base64 on failure. */
  static void assertSameSerialization(String actual, String expected) {
    byte[] a = Base64.getDecoder().decode(actual);
    byte[] e = Base64.getDecoder().decode(expected);
    int mismatch = Arrays.mismatch(a, e);
    assertThat(
        "serialized filters differ first at byte "
            + mismatch
            + " (lengths "
            + a.length
            + ", "
            + e.length
            + ")",
        mismatch,
        is(-1));
    assertThat(actual.equals(expected), is(true));
  }

  @Test
  public void defaultFilterIsSizedAsHudi() {
    BloomFilter filter = BloomFilter.create(DEFAULTS);
    assertThat(filter.type(), is(BloomFilterType.DYNAMIC_V0));
    assertThat(filter.vectorSize(), is(2_587_966));
    assertThat(filter.numHashes(), is(30));
    assertThat(filter.rowCount(), is(1));
  }

  @Test
  public void defaultDynamicSerializationEqualsHudisByteForByte() {
    List<String> keys = keys(0, 1000);
    assertSameSerialization(
        ours(DEFAULTS, keys).serializeToString(), hudis(DEFAULTS, keys).serializeToString());
  }

  @Test
  public void emptyFilterEqualsHudis() {
    assertSameSerialization(
        BloomFilter.create(DEFAULTS).serializeToString(),
        hudis(DEFAULTS, List.of()).serializeToString());
  }

  @Test
  public void dynamicRowGrowthAndRoundRobinEqualHudis() {
    // 50 keys per row, bound 120: rows are added at 50 and 100 keys, then keys go round robin.
    BloomFilterSettings small = BloomFilterSettings.of(BloomFilterType.DYNAMIC_V0, 50, 0.001, 120);
    List<String> keys = keys(7, 400);
    BloomFilter filter = ours(small, keys);
    assertThat(filter.rowCount(), is(3));
    assertSameSerialization(filter.serializeToString(), hudis(small, keys).serializeToString());
    for (String key : keys) {
      assertThat(key, filter.mightContain(key), is(true));
    }
  }

  @Test
  public void simpleSerializationEqualsHudis() {
    BloomFilterSettings simple =
        BloomFilterSettings.of(BloomFilterType.SIMPLE, 60_000, 1e-9, 100_000);
    List<String> keys = keys(0, 5000);
    assertSameSerialization(
        ours(simple, keys).serializeToString(), hudis(simple, keys).serializeToString());
    BloomFilterSettings odd = BloomFilterSettings.of(BloomFilterType.SIMPLE, 37, 0.01, 1);
    assertSameSerialization(
        ours(odd, keys(0, 37)).serializeToString(), hudis(odd, keys(0, 37)).serializeToString());
  }

  @Test
  public void multiByteAndOddLengthKeysHashAsHudi() {
    List<String> keys =
        Arrays.asList(
            "a",
            "ab",
            "abc",
            "abcd",
            "abcde",
            "é",
            "éé",
            "日本",
            "日本語キー",
            "key/with/ü",
            "\u00ff\u00fe\u00fd",
            "uuid:trip-000000000001,rider:rider-1",
            "2023/04/03/12",
            "🙂");
    assertSameSerialization(
        ours(DEFAULTS, keys).serializeToString(), hudis(DEFAULTS, keys).serializeToString());
  }

  @Test
  public void murmurHashEqualsHadoopsAndHudis() {
    org.apache.hadoop.util.hash.Hash hadoop = org.apache.hadoop.util.hash.MurmurHash.getInstance();
    org.apache.hudi.common.util.hash.Hash hudi =
        org.apache.hudi.common.util.hash.MurmurHash.getInstance();
    Random random = new Random(42);
    for (int length = 1; length < 40; length++) {
      byte[] data = new byte[length];
      random.nextBytes(data);
      int seed = random.nextInt();
      assertThat(BloomFilter.murmurHash(data, seed), is(hadoop.hash(data, length, seed)));
      assertThat(BloomFilter.murmurHash(data, seed), is(hudi.hash(data, length, seed)));
    }
  }

  @Test
  public void hudiReadsOurFilterAndFindsEveryKeyAndNoAbsentKey() {
    List<String> keys = keys(0, 2000);
    for (BloomFilterType type : BloomFilterType.values()) {
      BloomFilterSettings settings = BloomFilterSettings.of(type, 60_000, 1e-9, 100_000);
      org.apache.hudi.common.bloom.BloomFilter read =
          BloomFilterFactory.fromString(ours(settings, keys).serializeToString(), type.value());
      for (String key : keys) {
        assertThat(key, read.mightContain(key), is(true));
      }
      int falsePositives = 0;
      for (String absent : keys(1_000_000, 10_000)) {
        falsePositives += read.mightContain(absent) ? 1 : 0;
      }
      assertThat(type + " false positives", falsePositives, is(0));
    }
  }

  @Test
  public void weReadHudisFilterAndReserializeIdentically() {
    BloomFilterSettings small = BloomFilterSettings.of(BloomFilterType.DYNAMIC_V0, 50, 0.001, 120);
    for (BloomFilterSettings settings :
        List.of(DEFAULTS, small, BloomFilterSettings.of(BloomFilterType.SIMPLE, 1000, 1e-6, 1))) {
      List<String> keys = keys(3, 300);
      String serialized = hudis(settings, keys).serializeToString();
      BloomFilter read = BloomFilter.fromString(serialized, settings.type());
      assertThat(read.type(), is(settings.type()));
      for (String key : keys) {
        assertThat(key, read.mightContain(key), is(true));
      }
      assertThat(read.mightContain("trip-999999999999"), is(false));
      assertSameSerialization(read.serializeToString(), serialized);
    }
  }

  @Test
  public void addingAfterReadContinuesAsHudiDoes() {
    // Hudi does not serialize the max-entries bound: a filter read back stops adding rows.
    BloomFilterSettings small = BloomFilterSettings.of(BloomFilterType.DYNAMIC_V0, 50, 0.001, 1000);
    String serialized = ours(small, keys(0, 60)).serializeToString();
    BloomFilter ourRead = BloomFilter.fromString(serialized, BloomFilterType.DYNAMIC_V0);
    org.apache.hudi.common.bloom.BloomFilter hudiRead =
        BloomFilterFactory.fromString(serialized, "DYNAMIC_V0");
    for (String key : keys(500, 100)) {
      ourRead.add(key);
      hudiRead.add(key);
    }
    assertSameSerialization(ourRead.serializeToString(), hudiRead.serializeToString());
  }

  @Test
  public void emptyKeyIsRejected() {
    BloomFilter filter = BloomFilter.create(DEFAULTS);
    HudiTableException e = assertThrows(HudiTableException.class, () -> filter.add(""));
    assertThat(e.getMessage(), containsString("must not be empty"));
    assertThrows(HudiTableException.class, () -> filter.mightContain(""));
  }

  @Test
  public void notBase64IsRejected() {
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> BloomFilter.fromString("not base64!", BloomFilterType.SIMPLE));
    assertThat(e.getMessage(), containsString("not valid base64"));
  }

  @Test
  public void truncatedFilterIsRejected() {
    String serialized = BloomFilter.create(DEFAULTS).serializeToString();
    byte[] bytes = Base64.getDecoder().decode(serialized);
    String truncated = Base64.getEncoder().encodeToString(Arrays.copyOf(bytes, bytes.length - 1));
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> BloomFilter.fromString(truncated, BloomFilterType.DYNAMIC_V0));
    assertThat(e.getMessage(), containsString("truncated"));
    String headerOnly = Base64.getEncoder().encodeToString(Arrays.copyOf(bytes, 10));
    assertThrows(
        HudiTableException.class, () -> BloomFilter.fromString(headerOnly, BloomFilterType.SIMPLE));
  }

  @Test
  public void dynamicFilterReadAsSimpleIsRejected() {
    String dynamic = BloomFilter.create(DEFAULTS).serializeToString();
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> BloomFilter.fromString(dynamic, BloomFilterType.SIMPLE));
    assertThat(e.getMessage(), containsString("trailing bytes"));
  }

  @Test
  public void wrongVersionAndHashTypeAreRejected() {
    ByteBuffer header = ByteBuffer.allocate(13 + 1);
    header.putInt(30).putInt(30).put((byte) 1).putInt(8).put((byte) 0);
    HudiTableException version =
        assertThrows(
            HudiTableException.class,
            () ->
                BloomFilter.fromString(
                    Base64.getEncoder().encodeToString(header.array()), BloomFilterType.SIMPLE));
    assertThat(version.getMessage(), containsString("header version 30; expected -1"));

    ByteBuffer jenkins = ByteBuffer.allocate(13 + 1);
    jenkins.putInt(-1).putInt(3).put((byte) 0).putInt(8).put((byte) 0);
    HudiTableException hash =
        assertThrows(
            HudiTableException.class,
            () ->
                BloomFilter.fromString(
                    Base64.getEncoder().encodeToString(jenkins.array()), BloomFilterType.SIMPLE));
    assertThat(hash.getMessage(), containsString("hash type 0; expected 1 (MURMUR_HASH)"));
  }

  @Test
  public void minimalSimpleFilterParses() {
    ByteBuffer bytes = ByteBuffer.allocate(13 + 1);
    bytes.putInt(-1).putInt(1).put((byte) 1).putInt(3).put((byte) 0xff);
    BloomFilter filter =
        BloomFilter.fromString(
            Base64.getEncoder().encodeToString(bytes.array()), BloomFilterType.SIMPLE);
    assertThat(filter.vectorSize(), is(3));
    // Bits past the vector size are ignored as Hadoop does: re-serialized, only 3 bits remain.
    byte[] out = Base64.getDecoder().decode(filter.serializeToString());
    assertThat(out[13], is((byte) 0x07));
  }

  @Test
  public void typeCodeRoundTrips() {
    for (BloomFilterType type : BloomFilterType.values()) {
      assertThat(BloomFilterType.fromValue(type.value()), is(type));
    }
    assertThat(BloomFilterType.fromValue("dynamic_v0"), is(BloomFilterType.DYNAMIC_V0));
    HudiTableException e =
        assertThrows(HudiTableException.class, () -> BloomFilterType.fromValue("DYNAMIC_V1"));
    assertThat(e.getMessage(), containsString("'DYNAMIC_V1'"));
    assertThrows(HudiTableException.class, () -> BloomFilterType.fromValue(null));
  }

  @Test
  public void invalidSettingsAreRejected() {
    HudiTableException entries =
        assertThrows(
            HudiTableException.class,
            () -> SettingsReader.bloomFilter(Map.of(BloomFilterSettings.NUM_ENTRIES, "0")));
    assertThat(
        entries.getMessage(),
        containsString("hoodie.index.bloom.num_entries must be a whole number >= 1, but was '0'"));
    HudiTableException fpp =
        assertThrows(
            HudiTableException.class,
            () -> SettingsReader.bloomFilter(Map.of(BloomFilterSettings.FPP, "1.5")));
    assertThat(fpp.getMessage(), containsString("hoodie.index.bloom.fpp"));
    assertThrows(
        HudiTableException.class,
        () -> SettingsReader.bloomFilter(Map.of(BloomFilterSettings.DYNAMIC_MAX_ENTRIES, "0")));
    assertThrows(
        HudiTableException.class,
        () -> BloomFilterSettings.of(BloomFilterType.DYNAMIC_V0, Integer.MAX_VALUE, 1e-9, 1));
    // A value built in code is checked too: the filter's size depends on it.
    assertThrows(
        IllegalArgumentException.class,
        () -> BloomFilterSettings.of(BloomFilterType.SIMPLE, 0, 1e-9, 1));
  }

  @Test
  public void keysAreHashedAsUtf8() {
    BloomFilter filter = BloomFilter.create(DEFAULTS);
    filter.add(new String("ключ".getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
    assertThat(filter.mightContain("ключ"), is(true));
    assertThat(filter.mightContain("ключи"), is(false));
  }
}
