package io.hudibeam.table;

/** Hudi table type, as stored under {@code hoodie.table.type}. */
public enum TableType {
  COPY_ON_WRITE,
  MERGE_ON_READ;

  public static TableType fromValue(String value) {
    for (TableType type : values()) {
      if (type.name().equalsIgnoreCase(value)) {
        return type;
      }
    }
    throw new InvalidTableConfigException(
        String.format(
            "%s must be one of COPY_ON_WRITE, MERGE_ON_READ, but was '%s'",
            TableProperty.TABLE_TYPE.key(), value));
  }

  public String value() {
    return name();
  }
}
