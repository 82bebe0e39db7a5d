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

import io.hudibeam.table.TableProperty;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The built-in Hudi key generators this library implements, with the class name Hudi records in
 * {@code hoodie.table.keygenerator.class}.
 */
public enum KeyGeneratorType {
  /** One record key field, one partition field. */
  SIMPLE(
      "org.apache.hudi.keygen.SimpleKeyGenerator", "org.apache.hudi.keygen.SimpleAvroKeyGenerator"),
  /** Any number of record key and partition fields. */
  COMPLEX(
      "org.apache.hudi.keygen.ComplexKeyGenerator",
      "org.apache.hudi.keygen.ComplexAvroKeyGenerator"),
  /** Any number of record key fields, no partition fields (partition path {@code ""}). */
  NON_PARTITIONED(
      "org.apache.hudi.keygen.NonpartitionedKeyGenerator",
      "org.apache.hudi.keygen.NonpartitionedAvroKeyGenerator"),
  /** One record key field; the partition path is a formatted timestamp of one field. */
  TIMESTAMP_BASED(
      "org.apache.hudi.keygen.TimestampBasedKeyGenerator",
      "org.apache.hudi.keygen.TimestampBasedAvroKeyGenerator");

  /** The hoodie.properties key that names the key generator class. */
  public static final String TABLE_PROPERTY = TableProperty.KEY_GENERATOR_CLASS.key();

  private final String className;
  private final String avroClassName;

  KeyGeneratorType(String className, String avroClassName) {
    this.className = className;
    this.avroClassName = avroClassName;
  }

  /** The class name Hudi writes into {@code hoodie.table.keygenerator.class}. */
  public String className() {
    return className;
  }

  /** The name of Hudi's engine-independent (Avro) implementation of this key generator. */
  public String avroClassName() {
    return avroClassName;
  }

  /** Parses a class name found under {@link #TABLE_PROPERTY}. */
  public static KeyGeneratorType fromClassName(String className) {
    return fromClassName(TABLE_PROPERTY, className);
  }

  /**
   * Parses a key generator class name (the Spark name or the {@code *AvroKeyGenerator} name) read
   * from {@code propertyKey}; the error message names that key.
   */
  public static KeyGeneratorType fromClassName(String propertyKey, String className) {
    String trimmed = className == null ? "" : className.trim();
    for (KeyGeneratorType type : values()) {
      if (type.className.equals(trimmed) || type.avroClassName.equals(trimmed)) {
        return type;
      }
    }
    throw new InvalidKeyGeneratorConfigException(
        String.format(
            "%s=%s is not a supported key generator; expected one of %s",
            propertyKey,
            className,
            Arrays.stream(values()).map(t -> t.className).collect(Collectors.toList())));
  }
}
