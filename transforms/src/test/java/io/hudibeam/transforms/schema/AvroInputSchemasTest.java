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
package io.hudibeam.transforms.schema;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.Assert.assertThrows;

import org.apache.avro.Schema;
import org.junit.Test;

public class AvroInputSchemasTest {
  private static Schema parse(String json) {
    return new Schema.Parser().parse(json);
  }

  @Test
  public void keepsTheUsersSchemaAsIs() {
    Schema user =
        parse(
            "{\"type\":\"record\",\"name\":\"Trip\",\"namespace\":\"com.example\",\"fields\":["
                + "{\"name\":\"uuid\",\"type\":\"string\"},"
                + "{\"name\":\"fare\",\"type\":[\"double\",\"null\"]},"
                + "{\"name\":\"hoodie_like\",\"type\":\"string\"}]}");

    assertThat(AvroInputSchemas.normalize(user, "trips"), sameInstance(user));
  }

  @Test
  public void acceptsHudisDeleteMarkerField() {
    Schema withMarker =
        parse(
            "{\"type\":\"record\",\"name\":\"trips_record\",\"namespace\":\"hoodie.trips\",\"fields\":["
                + "{\"name\":\"uuid\",\"type\":\"string\"},"
                + "{\"name\":\"_hoodie_is_deleted\",\"type\":[\"null\",\"boolean\"],\"default\":null}]}");

    assertThat(AvroInputSchemas.normalize(withMarker, "trips"), sameInstance(withMarker));
  }

  @Test
  public void rejectsFieldsNamedLikeHudiMetaFields() {
    Schema withMeta =
        parse(
            "{\"type\":\"record\",\"name\":\"trips_record\",\"namespace\":\"hoodie.trips\",\"fields\":["
                + "{\"name\":\"uuid\",\"type\":\"string\"},"
                + "{\"name\":\"_hoodie_record_key\",\"type\":[\"null\",\"string\"],\"default\":null}]}");

    SchemaMappingException e =
        assertThrows(
            SchemaMappingException.class, () -> AvroInputSchemas.normalize(withMeta, "trips"));

    assertThat(
        e.getMessage(),
        equalTo(
            "Avro schema hoodie.trips.trips_record for table 'trips' has field"
                + " '_hoodie_record_key': names starting with '_hoodie_' are reserved for the meta"
                + " fields Hudi adds to every record. Drop the field (when re-writing records read"
                + " from a Hudi table) or rename it"));
  }

  @Test
  public void rejectsNonRecordAndMissingSchemas() {
    assertThat(
        assertThrows(
                SchemaMappingException.class,
                () -> AvroInputSchemas.normalize(Schema.create(Schema.Type.STRING), "t"))
            .getMessage(),
        equalTo("Avro schema for table 't' must be a record, but was STRING: \"string\""));
    assertThat(
        assertThrows(SchemaMappingException.class, () -> AvroInputSchemas.normalize(null, "t"))
            .getMessage(),
        equalTo("Avro schema for table 't' must not be null"));
  }
}
