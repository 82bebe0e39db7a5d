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

/**
 * An instant named in a cleaner plan (Avro {@code HoodieActionInstant}).
 *
 * @param timestamp the instant time
 * @param action the action, e.g. {@code commit}
 * @param state the state's enum name, e.g. {@code COMPLETED}
 */
public record ActionInstant(String timestamp, String action, String state) {
  public ActionInstant {
    Objects.requireNonNull(timestamp, "timestamp");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(state, "state");
  }

  GenericRecord toRecord(Schema schema) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("timestamp", timestamp);
    r.put("action", action);
    r.put("state", state);
    return r;
  }

  static ActionInstant fromRecord(Object value) {
    GenericRecord r = (GenericRecord) value;
    return new ActionInstant(
        AvroInstantFile.string(r.get("timestamp")),
        AvroInstantFile.string(r.get("action")),
        AvroInstantFile.string(r.get("state")));
  }
}
