package io.hudibeam.transforms.index;

import io.hudibeam.keygen.HoodieKey;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.io.Serializable;

/**
 * The key incoming records and stored keys are joined on: (record key, partition path) for a
 * partition-local index, the record key alone for a global one.
 */
interface JoinKey<K> extends Serializable {
  K ofRecord(TableRecord record);

  K ofStored(String recordKey, RecordLocation location);

  /** The join key of a SIMPLE or BLOOM index: a key is unique within its partition. */
  static JoinKey<HoodieKey> byHoodieKey() {
    return new ByHoodieKey();
  }

  /** The join key of a GLOBAL_SIMPLE index: a key is unique in the table. */
  static JoinKey<String> byRecordKey() {
    return new ByRecordKey();
  }

  final class ByHoodieKey implements JoinKey<HoodieKey> {
    private static final long serialVersionUID = 1L;

    @Override
    public HoodieKey ofRecord(TableRecord record) {
      return HoodieKey.of(record.recordKey(), record.partitionPath());
    }

    @Override
    public HoodieKey ofStored(String recordKey, RecordLocation location) {
      return HoodieKey.of(recordKey, location.partitionPath());
    }
  }

  final class ByRecordKey implements JoinKey<String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String ofRecord(TableRecord record) {
      return record.recordKey();
    }

    @Override
    public String ofStored(String recordKey, RecordLocation location) {
      return recordKey;
    }
  }
}
