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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.Assert.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.junit.Test;

/**
 * {@link CompositeOrdering}: the ordering value's natural order is the order of the fields' values
 * compared in turn (longs and ints numerically, strings by code point), as Java strings and as
 * Avro's {@code Utf8} (byte by byte) alike; the checks name what is wrong.
 */
public class CompositeOrderingTest {
  private static final Schema SCHEMA =
      SchemaBuilder.record("change")
          .namespace("shop")
          .fields()
          .requiredString("id")
          .requiredString("file")
          .optionalLong("pos")
          .requiredInt("row")
          .optionalDouble("price")
          .endRecord();

  private static final CompositeOrdering FILE_POS_ROW =
      new CompositeOrdering(List.of("file", "pos", "row"));

  /** The order the tuples should have: file by code point, then pos, then row numerically. */
  private static final Comparator<Object[]> EXPECTED =
      Comparator.<Object[], String>comparing(t -> (String) t[0], CompositeOrderingTest::byCodePoint)
          .thenComparing(t -> (Long) t[1])
          .thenComparing(t -> (Integer) t[2]);

  private static int byCodePoint(String a, String b) {
    return java.util.Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  private static final String[] FILES = {
    "",
    "a",
    "ab",
    "b",
    "mysql-bin.000009",
    "mysql-bin.000010",
    "mysql-bin.0000100",
    "\u00e9",
    "\uffff",
    "\ud83d\ude00",
    "a.b",
    "a\u0000"
  };

  @Test
  public void theValuesOrderAsTheFieldsInTurn() {
    Random random = new Random(36);
    List<Object[]> tuples = new ArrayList<>();
    long[] edges = {Long.MIN_VALUE, -1, 0, 1, 255, 256, Long.MAX_VALUE};
    for (int i = 0; i < 2000; i++) {
      tuples.add(
          new Object[] {
            FILES[random.nextInt(FILES.length)],
            random.nextBoolean() ? edges[random.nextInt(edges.length)] : random.nextLong() % 1000,
            random.nextBoolean() ? random.nextInt() : random.nextInt(3) - 1
          });
    }
    for (int i = 0; i < tuples.size(); i++) {
      Object[] a = tuples.get(i);
      Object[] b = tuples.get((i * 7 + 3) % tuples.size());
      String va = CompositeOrdering.encode(java.util.Arrays.asList(a));
      String vb = CompositeOrdering.encode(java.util.Arrays.asList(b));
      int expected = Integer.signum(EXPECTED.compare(a, b));
      assertThat(
          java.util.Arrays.toString(a) + " vs " + java.util.Arrays.toString(b),
          Integer.signum(va.compareTo(vb)),
          is(expected));
      assertThat(Integer.signum(new Utf8(va).compareTo(new Utf8(vb))), is(expected));
    }
  }

  @Test
  public void aValueIsAsciiAndReadable() {
    assertThat(
        CompositeOrdering.encode(List.of("ab", 1L, -1)),
        is("6162.8000000000000001.7fffffffffffffff."));
  }

  @Test
  public void aRecordTakesItsValueInTheExtendedSchema() {
    Schema extended = FILE_POS_ROW.extend(SCHEMA);
    assertThat(extended.getFullName(), is("shop.change"));
    assertThat(extended.getFields().size(), is(SCHEMA.getFields().size() + 1));
    assertThat(extended.getField(CompositeOrdering.FIELD).pos(), is(SCHEMA.getFields().size()));
    GenericRecord record = record("k1", "bin.3", 7L, 2);
    GenericRecord withValue = FILE_POS_ROW.withValue(record, extended);
    assertThat(withValue.get("id"), is((Object) "k1"));
    assertThat(
        withValue.get(CompositeOrdering.FIELD),
        is((Object) CompositeOrdering.encode(List.of("bin.3", 7L, 2))));
    assertThat(
        FILE_POS_ROW
            .withValue(record("k2", "bin.3", null, 2), extended)
            .get(CompositeOrdering.FIELD),
        is(nullValue()));
  }

  @Test
  public void theChecksNameTheFieldAndWhatIsExpected() {
    FILE_POS_ROW.check(SCHEMA);
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> new CompositeOrdering(List.of("file", "lsn")).check(SCHEMA));
    assertThat(missing.getMessage(), containsString("the ordering field 'lsn' is not a top-level"));
    IllegalArgumentException type =
        assertThrows(
            IllegalArgumentException.class,
            () -> new CompositeOrdering(List.of("file", "price")).check(SCHEMA));
    assertThat(type.getMessage(), containsString("takes long, int and string fields"));
    IllegalArgumentException taken =
        assertThrows(
            IllegalArgumentException.class, () -> FILE_POS_ROW.check(FILE_POS_ROW.extend(SCHEMA)));
    assertThat(taken.getMessage(), containsString("the input has a field '_ordering_value'"));
    IllegalArgumentException one =
        assertThrows(IllegalArgumentException.class, () -> new CompositeOrdering(List.of("file")));
    assertThat(one.getMessage(), containsString("needs at least two"));
  }

  private static GenericRecord record(String id, String file, Long pos, int row) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("id", id);
    r.put("file", file);
    r.put("pos", pos);
    r.put("row", row);
    return r;
  }
}
