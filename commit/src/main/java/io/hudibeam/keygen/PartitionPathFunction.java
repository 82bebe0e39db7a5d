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
package io.hudibeam.keygen;

import java.util.List;
import org.apache.avro.generic.GenericRecord;

/** Derives the partition path of a record. */
interface PartitionPathFunction {
  String ROLE = "partition field";

  /**
   * The partition path of {@code record}, whose record key ({@code recordKey}) errors name.
   *
   * @throws UnsafePartitionPathException when a folder of the path is not safe ({@link
   *     PartitionPathSafety})
   */
  String partitionPathOf(GenericRecord record, String recordKey);

  static PartitionPathFunction nonPartitioned() {
    return (record, recordKey) -> "";
  }

  /**
   * One folder per field joined by {@code /}: the value's string form ({@value
   * PartitionPathEncoding#DEFAULT_PARTITION_PATH} when null; an empty value is refused, see {@link
   * PartitionPathSafety#emptyValue}), escaped when {@code urlEncode}, prefixed by {@code field=}
   * when {@code hiveStyle} (Hudi's {@code KeyGenUtils.getRecordPartitionPath}). Values that would
   * not be one safe folder are refused ({@link PartitionPathSafety#fieldFolder}); with {@code
   * urlEncode}, a leading {@code .} is encoded as well, where Hudi keeps it.
   */
  static PartitionPathFunction fieldValues(
      List<String> fields, boolean hiveStyle, boolean urlEncode) {
    List<String> copy = List.copyOf(fields);
    return (record, recordKey) -> {
      StringBuilder path = new StringBuilder();
      for (int i = 0; i < copy.size(); i++) {
        String field = copy.get(i);
        String value = FieldValues.string(record, field, ROLE);
        if (i > 0) {
          path.append('/');
        }
        if (value != null && value.isEmpty()) {
          throw PartitionPathSafety.emptyValue(recordKey, field, record);
        }
        if (value == null) {
          if (hiveStyle) {
            path.append(field).append('=');
          }
          path.append(PartitionPathEncoding.DEFAULT_PARTITION_PATH);
        } else {
          path.append(
              PartitionPathSafety.fieldFolder(
                  recordKey, field, value, hiveStyle, urlEncode, record));
        }
      }
      return path.toString();
    };
  }
}
