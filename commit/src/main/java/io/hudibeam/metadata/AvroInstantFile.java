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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.file.SeekableByteArrayInput;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;

/**
 * Avro timeline files: an Avro object-container file holding one record, null codec, as Hudi's
 * {@code TimelineMetadataUtils.serializeAvroMetadata} writes them. Reading resolves the file's
 * writer schema against our schema of the same full name, as Hudi's specific reader does.
 */
final class AvroInstantFile {

  static final String NAMESPACE = "org.apache.hudi.avro.model";

  private AvroInstantFile() {}

  /** Loads {@code <recordName>.avsc} from this package's resources. */
  static Schema loadSchema(String recordName) {
    String resource = recordName + ".avsc";
    try (InputStream in = AvroInstantFile.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("Missing schema resource " + resource);
      }
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read schema resource " + resource, e);
    }
  }

  static byte[] write(GenericRecord record) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(record.getSchema()))) {
      writer.create(record.getSchema(), out);
      writer.append(record);
    } catch (IOException | RuntimeException e) {
      throw new InvalidMetadataException(
          "Cannot write " + record.getSchema().getName() + ": " + e.getMessage(), e);
    }
    return out.toByteArray();
  }

  /**
   * Reads the first record of an Avro container file.
   *
   * @param what names the bytes in error messages, e.g. the instant file name
   */
  static GenericRecord read(byte[] bytes, Schema schema, String what) {
    String expected = schema.getFullName();
    try (DataFileReader<GenericRecord> reader =
        new DataFileReader<>(
            new SeekableByteArrayInput(bytes), new GenericDatumReader<>(null, schema))) {
      String actual = reader.getSchema().getFullName();
      if (!expected.equals(actual)) {
        throw new InvalidMetadataException(
            "Cannot read "
                + what
                + ": expected an Avro "
                + expected
                + " record but the file holds "
                + actual);
      }
      if (!reader.hasNext()) {
        throw new InvalidMetadataException(
            "Cannot read " + what + ": the Avro file holds no " + expected + " record");
      }
      return reader.next();
    } catch (InvalidMetadataException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new InvalidMetadataException(
          "Cannot read " + what + " as an Avro " + expected + " file: " + e.getMessage(), e);
    }
  }

  // ---- conversions between GenericRecord values (Utf8 strings, nullable unions) and Java values

  static String string(Object value) {
    return value == null ? null : value.toString();
  }

  static List<String> strings(Object value) {
    return list(value, AvroInstantFile::string);
  }

  static <T> List<T> list(Object value, Function<Object, T> element) {
    if (value == null) {
      return List.of();
    }
    List<T> result = new ArrayList<>();
    for (Object item : (Collection<?>) value) {
      result.add(element.apply(item));
    }
    return Collections.unmodifiableList(result);
  }

  static <T> Map<String, T> map(Object value, Function<Object, T> element) {
    if (value == null) {
      return Map.of();
    }
    Map<String, T> result = new LinkedHashMap<>();
    ((Map<?, ?>) value).forEach((k, v) -> result.put(k.toString(), element.apply(v)));
    return Collections.unmodifiableMap(result);
  }

  static Long longValue(Object value) {
    return value == null ? null : ((Number) value).longValue();
  }

  static int intOr(Object value, int fallback) {
    return value == null ? fallback : ((Number) value).intValue();
  }

  /** Copies a map so that it keeps the caller's iteration order and cannot change. */
  static <T> Map<String, T> copy(Map<String, T> map) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }

  static Schema nonNull(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    for (Schema branch : schema.getTypes()) {
      if (branch.getType() != Schema.Type.NULL) {
        return branch;
      }
    }
    throw new IllegalArgumentException("Union without a non-null branch: " + schema);
  }

  static Schema field(Schema record, String name) {
    return nonNull(record.getField(name).schema());
  }
}
