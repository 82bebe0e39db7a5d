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
      SchemaBuilder.record("r").fields()
          .requiredString("id").requiredLong("n").optionalString("note").endRecord();

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
    Schema required = SchemaBuilder.record("r").fields()
        .requiredString("id").requiredLong("n").requiredString("must").endRecord();
    HudiTableException e =
        assertThrows(HudiTableException.class, () -> new RecordRewriter(required).rewrite(old("a", 1)));
    assertThat(e.getMessage(), containsString("Field 'must' of the write schema has no default"));
  }
}
