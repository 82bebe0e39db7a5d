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
 * A file a cleaner plan deletes (Avro {@code HoodieCleanFileInfo}).
 *
 * @param filePath absolute path of the file
 * @param isBootstrapBaseFile whether it is a bootstrap source file (false for tables we write)
 */
public record CleanFileInfo(String filePath, boolean isBootstrapBaseFile) {
  public CleanFileInfo {
    Objects.requireNonNull(filePath, "filePath");
  }

  GenericRecord toRecord(Schema schema) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("filePath", filePath);
    r.put("isBootstrapBaseFile", isBootstrapBaseFile);
    return r;
  }

  static CleanFileInfo fromRecord(Object value) {
    GenericRecord r = (GenericRecord) value;
    return new CleanFileInfo(
        AvroInstantFile.string(r.get("filePath")),
        Boolean.TRUE.equals(r.get("isBootstrapBaseFile")));
  }
}
