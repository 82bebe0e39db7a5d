package io.hudibeam.write;

import io.hudibeam.metadata.OperationType;
import io.hudibeam.settings.HudiSettings;

/** The write operations HudiIO performs, with the operation type their commits record. */
public enum WriteOperation {
  /** Inserts without looking up existing keys; small files are filled first. */
  INSERT(OperationType.INSERT),
  /** Updates records whose key exists, inserts the others. */
  UPSERT(OperationType.UPSERT),
  /** Writes new file groups straight from the input: no index lookup, no shuffle. */
  BULK_INSERT(OperationType.BULK_INSERT),
  /** Deletes the records whose keys are given. */
  DELETE(OperationType.DELETE);

  private final OperationType operationType;

  WriteOperation(OperationType operationType) {
    this.operationType = operationType;
  }

  public OperationType operationType() {
    return operationType;
  }

  /** Parses Hudi's spelling ({@code upsert}, {@code bulk_insert}, ...), ignoring case. */
  public static WriteOperation fromValue(String value) {
    return HudiSettings.OPERATION.parse(value);
  }
}
