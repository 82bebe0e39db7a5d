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
package io.hudibeam.commit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.Test;

/**
 * Record fingerprints depend on the values only (not on the instance or the order), differ when a
 * value or the operation differs, and stay the same across versions: a pinned value guards the hash
 * a table's commits already hold.
 */
public class RecordFingerprintsTest {
  private static final Schema SCHEMA =
      SchemaBuilder.record("trip")
          .fields()
          .requiredString("uuid")
          .optionalString("city")
          .requiredLong("ts")
          .endRecord();

  private static GenericRecord trip(String uuid, String city, long ts) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("uuid", uuid);
    r.put("city", city);
    r.put("ts", ts);
    return r;
  }

  @Test
  public void theHashDependsOnTheValuesOnly() {
    long a = new RecordFingerprints().of(trip("k1", "paris", 1));
    RecordFingerprints reused = new RecordFingerprints();
    reused.of(trip("k9", null, 99));
    assertThat("another instance, after another record", reused.of(trip("k1", "paris", 1)), is(a));
    assertThat(new RecordFingerprints().of(trip("k1", "paris", 2)), is(not(a)));
    assertThat(new RecordFingerprints().of(trip("k1", null, 1)), is(not(a)));
    assertThat(new RecordFingerprints().of(trip("k2", "paris", 1)), is(not(a)));
  }

  @Test
  public void theHashOfARecordIsPinned() {
    // FNV-1a 64 of the Avro binary bytes 04 6b 31 02 0a 70 61 72 69 73 02 ("k1", union branch 1,
    // "paris", 1L), then MurmurHash3's fmix64, computed outside this code (a few lines of Python).
    // A change here makes every committed interval's fingerprint differ from a replay's, so a
    // replay would be refused instead of skipped.
    assertThat(
        Long.toHexString(new RecordFingerprints().of(trip("k1", "paris", 1))),
        is(Long.toHexString(PINNED)));
  }

  private static final long PINNED = 0x5eca8d7739faef00L;

  @Test
  public void anIntervalsContentIsTheSumInAnyOrderAndDependsOnTheOperation() {
    RecordFingerprints f = new RecordFingerprints();
    IntervalContent ab =
        IntervalContent.ofRecord(f.of(trip("a", "x", 1)))
            .plus(IntervalContent.ofRecord(f.of(trip("b", "y", 2))));
    IntervalContent ba =
        IntervalContent.EMPTY
            .plus(IntervalContent.ofRecord(f.of(trip("b", "y", 2))))
            .plus(IntervalContent.ofRecord(f.of(trip("a", "x", 1))));
    assertThat(ab, is(ba));
    assertThat(ab.records(), is(2L));
    assertThat(ab.forOperation("upsert"), is(ba.forOperation("upsert")));
    assertThat(ab.forOperation("upsert"), is(not(ab.forOperation("delete"))));
    assertThat(IntervalContent.parseFingerprint(ab.fingerprintHex()), is(ab.fingerprint()));
  }
}
