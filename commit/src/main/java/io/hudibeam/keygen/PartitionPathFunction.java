package io.hudibeam.keygen;

import java.util.List;
import org.apache.avro.generic.GenericRecord;

/** Derives the partition path of a record. */
interface PartitionPathFunction {
  String ROLE = "partition field";

  String partitionPathOf(GenericRecord record);

  static PartitionPathFunction nonPartitioned() {
    return record -> "";
  }

  /**
   * One segment per field joined by {@code /}: the value's string form ({@value
   * PartitionPathEncoding#DEFAULT_PARTITION_PATH} when null or empty), escaped when {@code
   * urlEncode}, prefixed by {@code field=} when {@code hiveStyle} (Hudi's {@code
   * KeyGenUtils.getRecordPartitionPath}).
   */
  static PartitionPathFunction fieldValues(List<String> fields, boolean hiveStyle, boolean urlEncode) {
    List<String> copy = List.copyOf(fields);
    return record -> {
      StringBuilder path = new StringBuilder();
      for (int i = 0; i < copy.size(); i++) {
        String field = copy.get(i);
        String value = FieldValues.string(record, field, ROLE);
        if (i > 0) {
          path.append('/');
        }
        if (hiveStyle) {
          path.append(field).append('=');
        }
        if (value == null || value.isEmpty()) {
          path.append(PartitionPathEncoding.DEFAULT_PARTITION_PATH);
        } else {
          path.append(urlEncode ? PartitionPathEncoding.escape(value) : value);
        }
      }
      return path.toString();
    };
  }
}
