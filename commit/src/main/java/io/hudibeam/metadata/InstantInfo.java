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

import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** An instant named in rollback metadata (Avro {@code HoodieInstantInfo}): its time and action. */
public record InstantInfo(String commitTime, String action) {
  public InstantInfo {
    Objects.requireNonNull(commitTime, "commitTime");
    Objects.requireNonNull(action, "action");
  }

  GenericRecord toRecord(Schema schema) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("commitTime", commitTime);
    r.put("action", action);
    return r;
  }

  static InstantInfo fromRecord(Object value) {
    GenericRecord r = (GenericRecord) value;
    return new InstantInfo(
        AvroInstantFile.string(r.get("commitTime")), AvroInstantFile.string(r.get("action")));
  }
}
