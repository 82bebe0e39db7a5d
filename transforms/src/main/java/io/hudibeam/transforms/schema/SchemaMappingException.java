package io.hudibeam.transforms.schema;

import io.hudibeam.table.HudiTableException;

/**
 * A Beam or Avro schema, or a value in a record, that cannot be mapped to the Avro schema and
 * records Hudi writes. The message names the field path, the type or value at fault and what is
 * supported.
 */
public final class SchemaMappingException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public SchemaMappingException(String message) {
    super(message);
  }

  public SchemaMappingException(String message, Throwable cause) {
    super(message, cause);
  }
}
