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
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.testing.TripsData;
import org.apache.avro.Schema;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.model.HoodieRecord;
import org.junit.Test;

public class MetaFieldsTest {

  @Test
  public void namesAndPositionsAreHudis() {
    for (MetaFields field : MetaFields.values()) {
      assertThat(
          HoodieRecord.HOODIE_META_COLUMNS.get(field.position()), equalTo(field.fieldName()));
      assertThat(MetaFields.fromFieldName(field.fieldName()), is(field));
    }
    assertThat(MetaFields.values().length, is(HoodieRecord.HOODIE_META_COLUMNS.size()));
    assertThat(MetaFields.COMMIT_TIME.fieldName(), equalTo("_hoodie_commit_time"));
    assertThat(MetaFields.FILE_NAME.position(), is(4));
    assertThat(MetaFields.OPERATION_FIELD_NAME, equalTo(HoodieRecord.OPERATION_METADATA_FIELD));
  }

  @Test
  public void unknownFieldNameIsRejected() {
    HudiTableException e =
        assertThrows(HudiTableException.class, () -> MetaFields.fromFieldName("_hoodie_commit"));
    assertThat(e.getMessage(), containsString("'_hoodie_commit' is not a Hudi meta field"));
    assertThrows(HudiTableException.class, () -> MetaFields.fromFieldName("_hoodie_operation"));
  }

  @Test
  public void withMetaFieldsEqualsHudisAddMetadataFields() {
    Schema ours = MetaFields.withMetaFields(TripsData.SCHEMA);
    Schema hudis = HoodieAvroUtils.addMetadataFields(TripsData.SCHEMA);
    assertThat(ours, equalTo(hudis));
    assertThat(ours.toString(), equalTo(hudis.toString()));
    assertThat(MetaFields.hasMetaFields(ours), is(true));
    assertThat(MetaFields.hasMetaFields(TripsData.SCHEMA), is(false));
  }

  @Test
  public void withMetaFieldsKeepsFieldAndRecordPropertiesAsHudi() {
    Schema user =
        new Schema.Parser()
            .parse(
                "{\"type\":\"record\",\"name\":\"r\",\"namespace\":\"n\",\"doc\":\"d\",\"custom\":\"x\",\"fields\":[{\"name\":\"a\",\"type\":\"int\",\"doc\":\"field"
                    + " a\",\"default\":3,\"p\":1},"
                    + "{\"name\":\"_hoodie_operation\",\"type\":\"string\"},"
                    + "{\"name\":\"_hoodie_record_key\",\"type\":\"string\"},"
                    + "{\"name\":\"b\",\"type\":{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}}]}");
    Schema ours = MetaFields.withMetaFields(user);
    Schema hudis = HoodieAvroUtils.addMetadataFields(user);
    assertThat(ours.toString(), equalTo(hudis.toString()));
    assertThat(ours.getFields().size(), is(7));
  }

  @Test
  public void schemaWithMetaFieldsIsReturnedUnchanged() {
    Schema withMeta = MetaFields.withMetaFields(TripsData.SCHEMA);
    assertThat(MetaFields.withMetaFields(withMeta), sameInstance(withMeta));
  }

  @Test
  public void withoutMetaFieldsEqualsHudisRemoveMetadataFields() {
    Schema withMeta = MetaFields.withMetaFields(TripsData.SCHEMA);
    Schema ours = MetaFields.withoutMetaFields(withMeta);
    assertThat(ours, equalTo(HoodieAvroUtils.removeMetadataFields(withMeta)));
    assertThat(ours, equalTo(TripsData.SCHEMA));
    assertThat(MetaFields.withoutMetaFields(TripsData.SCHEMA), sameInstance(TripsData.SCHEMA));
  }

  @Test
  public void nonRecordSchemaIsRejected() {
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> MetaFields.withMetaFields(Schema.create(Schema.Type.STRING)));
    assertThat(e.getMessage(), containsString("must be an Avro record, but was STRING"));
  }

  @Test
  public void sequenceIdIsHudis() {
    assertThat(
        MetaFields.sequenceId("20240418173213674", 3, 42L),
        equalTo(HoodieRecord.generateSequenceId("20240418173213674", 3, 42L)));
    assertThat(MetaFields.sequenceId("20240418173213674", 0, 0L), equalTo("20240418173213674_0_0"));
  }
}
