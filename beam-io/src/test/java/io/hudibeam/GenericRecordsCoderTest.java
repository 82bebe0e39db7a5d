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
package io.hudibeam;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CoderException;
import org.apache.beam.sdk.testing.CoderProperties;
import org.apache.beam.sdk.util.SerializableUtils;
import org.junit.Test;

/** {@link HudiIO#genericRecordCoder}: records of several schemas, each decoded by its own. */
public class GenericRecordsCoderTest {
  private static final Schema ORDER =
      SchemaBuilder.record("order")
          .fields()
          .requiredString("id")
          .requiredLong("amount")
          .endRecord();
  private static final Schema CUSTOMER =
      SchemaBuilder.record("customer")
          .fields()
          .requiredString("id")
          .optionalString("name")
          .endRecord();

  private static GenericRecord order(String id, long amount) {
    GenericData.Record r = new GenericData.Record(ORDER);
    r.put("id", id);
    r.put("amount", amount);
    return r;
  }

  private static GenericRecord customer(String id, String name) {
    GenericData.Record r = new GenericData.Record(CUSTOMER);
    r.put("id", id);
    r.put("name", name);
    return r;
  }

  @Test
  public void recordsOfEachSchemaRoundTripDeterministically() throws Exception {
    Coder<GenericRecord> coder = HudiIO.genericRecordCoder(ORDER, CUSTOMER);
    for (GenericRecord r :
        java.util.List.of(order("o1", 7), customer("c1", "Ada"), customer("c2", null))) {
      CoderProperties.coderDecodeEncodeEqual(coder, r);
      CoderProperties.coderDeterministic(coder, r, r);
    }
    GenericRecord back = org.apache.beam.sdk.util.CoderUtils.clone(coder, customer("c3", "Bob"));
    assertThat(back.getSchema(), is(CUSTOMER));
    assertThat(back.get("name").toString(), is("Bob"));
    coder.verifyDeterministic();
    CoderProperties.coderSerializable(coder);
    assertThat(SerializableUtils.clone(coder), is(coder));
    assertThat(HudiIO.genericRecordCoder(CUSTOMER, ORDER).equals(coder), is(false));
  }

  /** A record made with an equal schema parsed again (another object) is found by fingerprint. */
  @Test
  public void aRecordOfAnEqualSchemaObjectIsEncodedByItsSchemasIndex() throws Exception {
    Coder<GenericRecord> coder = HudiIO.genericRecordCoder(ORDER, CUSTOMER);
    Schema again = new Schema.Parser().parse(CUSTOMER.toString());
    GenericData.Record r = new GenericData.Record(again);
    r.put("id", "c9");
    r.put("name", "Eve");
    GenericRecord back = org.apache.beam.sdk.util.CoderUtils.clone(coder, r);
    assertThat(back.getSchema(), is(CUSTOMER));
    assertThat(back.get("name").toString(), is("Eve"));
  }

  @Test
  public void aRecordOfAnotherSchemaCannotBeEncodedAndTheErrorNamesIt() {
    Coder<GenericRecord> coder = HudiIO.genericRecordCoder(ORDER);
    CoderException e =
        assertThrows(
            CoderException.class,
            () -> org.apache.beam.sdk.util.CoderUtils.encodeToByteArray(coder, customer("c", "x")));
    assertThat(
        e.getMessage(),
        is(
            "a record of schema customer is not one of the schemas of this coder [order]: give its"
                + " schema to HudiIO.genericRecordCoder"));
    assertThat(
        assertThrows(IllegalArgumentException.class, () -> HudiIO.genericRecordCoder(ORDER, ORDER))
            .getMessage(),
        is("genericRecordCoder: the schemas order and order are the same schema; give each once"));
  }
}
