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
package io.hudibeam.metadata;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.Assert.assertThrows;

import java.util.Arrays;
import org.apache.hudi.common.model.WriteOperationType;
import org.junit.Test;

public class OperationTypeTest {

  @Test
  public void namesAndValuesAreHudis() {
    assertThat(
        Arrays.stream(OperationType.values()).map(Enum::name).toList(),
        equalTo(Arrays.stream(WriteOperationType.values()).map(Enum::name).toList()));
    for (OperationType type : OperationType.values()) {
      WriteOperationType hudi = WriteOperationType.valueOf(type.name());
      assertThat(type.value(), equalTo(hudi.value()));
      assertThat(
          type.name(), type.canUpdateSchema(), equalTo(WriteOperationType.canUpdateSchema(hudi)));
      assertThat(OperationType.fromValue(hudi.value()), equalTo(type));
    }
  }

  @Test
  public void parseFormatRoundTrip() {
    for (OperationType type : OperationType.values()) {
      assertThat(OperationType.parse(type.format()), equalTo(type));
    }
    assertThat(OperationType.parse("BULK_INSERT"), equalTo(OperationType.BULK_INSERT));
    assertThat(OperationType.fromValue("BULK_INSERT"), equalTo(OperationType.BULK_INSERT));
    assertThat(OperationType.fromValue("logcompact"), equalTo(OperationType.LOG_COMPACT));
  }

  @Test
  public void invalidNamesAreRejected() {
    InvalidMetadataException e =
        assertThrows(InvalidMetadataException.class, () -> OperationType.parse("upsert"));
    assertThat(e.getMessage(), containsString("'upsert'"));
    assertThat(e.getMessage(), containsString("UPSERT"));
    assertThrows(InvalidMetadataException.class, () -> OperationType.parse(""));
    assertThrows(InvalidMetadataException.class, () -> OperationType.parse(null));
    e = assertThrows(InvalidMetadataException.class, () -> OperationType.fromValue("merge"));
    assertThat(e.getMessage(), containsString("'merge'"));
  }

  @Test
  public void cleaningPolicyRoundTrip() {
    for (CleaningPolicy policy : CleaningPolicy.values()) {
      assertThat(CleaningPolicy.parse(policy.format()), equalTo(policy));
      assertThat(
          org.apache.hudi.common.model.HoodieCleaningPolicy.valueOf(policy.name()).name(),
          equalTo(policy.name()));
    }
    assertThat(
        CleaningPolicy.values().length,
        equalTo(org.apache.hudi.common.model.HoodieCleaningPolicy.values().length));
    InvalidMetadataException e =
        assertThrows(InvalidMetadataException.class, () -> CleaningPolicy.parse("KEEP_ALL"));
    assertThat(e.getMessage(), containsString("'KEEP_ALL'"));
  }
}
