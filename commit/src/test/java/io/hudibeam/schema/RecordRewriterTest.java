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
package io.hudibeam.schema;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.HudiTableException;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.Test;

public class RecordRewriterTest {
  private static final Schema OLD =
      SchemaBuilder.record("r").fields().requiredString("id").requiredLong("n").endRecord();
  private static final Schema NEW =
      SchemaBuilder.record("r")
          .fields()
          .requiredString("id")
          .requiredLong("n")
          .optionalString("note")
          .endRecord();

  private static GenericRecord old(String id, long n) {
    GenericData.Record r = new GenericData.Record(OLD);
    r.put("id", id);
    r.put("n", n);
    return r;
  }

  @Test
  public void recordsOfAnEqualSchemaPassThroughUncopied() {
    RecordRewriter rewriter = new RecordRewriter(new Schema.Parser().parse(OLD.toString()));
    GenericRecord a = old("a", 1);
    GenericRecord b = old("b", 2);
    assertThat(rewriter.rewrite(a), sameInstance(a));
    assertThat(rewriter.rewrite(b), sameInstance(b));
  }

  @Test
  public void recordsOfAnOlderSchemaGetTheNewFieldsDefault() {
    RecordRewriter rewriter = new RecordRewriter(NEW);
    for (int i = 0; i < 3; i++) {
      GenericRecord carried = rewriter.rewrite(old("k" + i, i));
      assertThat(carried.getSchema(), is(NEW));
      assertThat(carried.get("id"), is("k" + i));
      assertThat(carried.get("n"), is((long) i));
      assertThat(carried.get("note"), nullValue());
    }
  }

  @Test
  public void aNewFieldWithoutDefaultIsRefusedByName() {
    Schema required =
        SchemaBuilder.record("r")
            .fields()
            .requiredString("id")
            .requiredLong("n")
            .requiredString("must")
            .endRecord();
    HudiTableException e =
        assertThrows(
            HudiTableException.class, () -> new RecordRewriter(required).rewrite(old("a", 1)));
    assertThat(e.getMessage(), containsString("Field 'must' of the write schema has no default"));
  }

  @Test
  public void valuesArePromotedByNameIntoAnEvolvedSchema() {
    Schema zip = SchemaBuilder.record("address").fields().requiredInt("zip").endRecord();
    Schema source =
        SchemaBuilder.record("r")
            .fields()
            .requiredInt("n")
            .optionalFloat("f")
            .requiredBytes("b")
            .requiredString("s")
            .name("address")
            .type(zip)
            .noDefault()
            .name("xs")
            .type()
            .array()
            .items()
            .intType()
            .noDefault()
            .name("m")
            .type()
            .map()
            .values()
            .longType()
            .noDefault()
            .endRecord();
    Schema zipLong =
        SchemaBuilder.record("address")
            .fields()
            .requiredLong("zip")
            .optionalString("city")
            .endRecord();
    Schema target =
        SchemaBuilder.record("r")
            .fields()
            .name("m")
            .type()
            .map()
            .values()
            .doubleType()
            .noDefault()
            .requiredString("b")
            .requiredBytes("s")
            .optionalDouble("f")
            .requiredLong("n")
            .name("address")
            .type(zipLong)
            .noDefault()
            .name("xs")
            .type()
            .array()
            .items()
            .longType()
            .noDefault()
            .optionalString("added")
            .endRecord();
    GenericData.Record address = new GenericData.Record(zip);
    address.put("zip", 12345);
    GenericData.Record r = new GenericData.Record(source);
    r.put("n", 7);
    r.put("f", 1.5f);
    r.put("b", java.nio.ByteBuffer.wrap("bytes".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    r.put("s", "text");
    r.put("address", address);
    r.put("xs", java.util.List.of(1, 2));
    r.put("m", java.util.Map.of("k", 3L));
    RecordRewriter rewriter = new RecordRewriter(target);
    GenericRecord out = rewriter.rewrite(r);
    assertThat(GenericData.get().validate(target, out), is(true));
    assertThat(out.get("n"), is(7L));
    assertThat(out.get("f"), is(1.5d));
    assertThat(out.get("b").toString(), is("bytes"));
    assertThat(
        out.get("s"),
        is(java.nio.ByteBuffer.wrap("text".getBytes(java.nio.charset.StandardCharsets.UTF_8))));
    assertThat(((GenericRecord) out.get("address")).get("zip"), is(12345L));
    assertThat(((GenericRecord) out.get("address")).get("city"), nullValue());
    assertThat(out.get("xs"), is(java.util.List.of(1L, 2L)));
    assertThat(out.get("m"), is(java.util.Map.of("k", 3.0d)));
    assertThat(out.get("added"), nullValue());
    r.put("f", null);
    assertThat(rewriter.rewrite(r).get("f"), nullValue());
  }

  @Test
  public void aFieldTheTargetLacksIsLeftOutAndAnIncompatibleTypeIsNamed() {
    Schema target = SchemaBuilder.record("r").fields().requiredString("id").endRecord();
    GenericRecord out = new RecordRewriter(target).rewrite(old("a", 1));
    assertThat(out.getSchema(), is(target));
    assertThat(out.get("id"), is("a"));
    Schema bool =
        SchemaBuilder.record("r").fields().requiredString("id").requiredBoolean("n").endRecord();
    HudiTableException e =
        assertThrows(HudiTableException.class, () -> new RecordRewriter(bool).rewrite(old("a", 1)));
    assertThat(e.getMessage(), is("Cannot rewrite field 'n' from long to boolean"));
  }
}
