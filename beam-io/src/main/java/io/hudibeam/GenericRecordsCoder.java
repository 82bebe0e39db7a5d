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
package io.hudibeam;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.CoderException;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;

/**
 * A coder of Avro records of several known schemas ({@link HudiIO#genericRecordCoder}): each record
 * is encoded as the index of its schema in the list, then the record by that schema's {@link
 * AvroCoder}. A record of a schema not in the list cannot be encoded (the error names its schema
 * and the known ones). Deterministic when every schema's {@code AvroCoder} is.
 */
final class GenericRecordsCoder extends CustomCoder<GenericRecord> {
  private static final long serialVersionUID = 1L;
  private static final VarIntCoder INDEX = VarIntCoder.of();

  private final List<String> schemaTexts;

  /** Each schema's coder and its index by fingerprint, built once per deserialized instance. */
  private record Schemas(List<AvroCoder<GenericRecord>> coders, Map<Long, Integer> indexes) {}

  // Volatile: a coder instance may be shared by threads; each sees the whole Schemas or none.
  private transient volatile Schemas built;

  private GenericRecordsCoder(List<String> schemaTexts) {
    this.schemaTexts = List.copyOf(schemaTexts);
  }

  static GenericRecordsCoder of(List<Schema> schemas) {
    if (schemas == null || schemas.isEmpty()) {
      throw new IllegalArgumentException("genericRecordCoder needs at least one schema");
    }
    List<String> texts = new ArrayList<>();
    Map<Long, String> seen = new HashMap<>();
    for (Schema schema : schemas) {
      if (schema == null || schema.getType() != Schema.Type.RECORD) {
        throw new IllegalArgumentException(
            "genericRecordCoder takes record schemas, but got " + schema);
      }
      String other =
          seen.put(SchemaNormalization.parsingFingerprint64(schema), schema.getFullName());
      if (other != null) {
        throw new IllegalArgumentException(
            "genericRecordCoder: the schemas "
                + other
                + " and "
                + schema.getFullName()
                + " are the same schema; give each once");
      }
      texts.add(schema.toString());
    }
    return new GenericRecordsCoder(texts);
  }

  /** The schemas, in the order their indexes are encoded. */
  List<Schema> schemas() {
    List<Schema> schemas = new ArrayList<>();
    coders().forEach(c -> schemas.add(c.getSchema()));
    return schemas;
  }

  private List<AvroCoder<GenericRecord>> coders() {
    return built().coders();
  }

  private Schemas built() {
    Schemas schemas = built;
    if (schemas == null) {
      List<AvroCoder<GenericRecord>> coders = new ArrayList<>();
      Map<Long, Integer> indexes = new HashMap<>();
      for (String text : schemaTexts) {
        Schema schema = new Schema.Parser().parse(text);
        indexes.put(SchemaNormalization.parsingFingerprint64(schema), coders.size());
        coders.add(AvroCoder.of(schema));
      }
      schemas = new Schemas(List.copyOf(coders), Map.copyOf(indexes));
      built = schemas;
    }
    return schemas;
  }

  @Override
  public void encode(GenericRecord record, OutputStream out) throws IOException {
    if (record == null) {
      throw new CoderException("cannot encode a null record");
    }
    Schemas schemas = built();
    List<AvroCoder<GenericRecord>> all = schemas.coders();
    Integer index = indexOf(schemas, record.getSchema());
    if (index == null) {
      throw new CoderException(
          "a record of schema "
              + record.getSchema().getFullName()
              + " is not one of the schemas of this coder "
              + names()
              + ": give its schema to HudiIO.genericRecordCoder");
    }
    INDEX.encode(index, out);
    all.get(index).encode(record, out);
  }

  /**
   * The index of {@code schema}: by identity first (records this coder decoded, or made with the
   * schemas given to it, share their schema objects), else by fingerprint (computing it costs a
   * walk of the schema, too much for every record).
   */
  private static Integer indexOf(Schemas schemas, Schema schema) {
    List<AvroCoder<GenericRecord>> all = schemas.coders();
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i).getSchema() == schema) {
        return i;
      }
    }
    return schemas.indexes().get(SchemaNormalization.parsingFingerprint64(schema));
  }

  @Override
  public GenericRecord decode(InputStream in) throws IOException {
    List<AvroCoder<GenericRecord>> all = coders();
    int index = INDEX.decode(in);
    if (index < 0 || index >= all.size()) {
      throw new CoderException(
          "schema index " + index + " is out of range: the coder has " + all.size() + " schemas");
    }
    return all.get(index).decode(in);
  }

  private List<String> names() {
    List<String> names = new ArrayList<>();
    coders().forEach(c -> names.add(c.getSchema().getFullName()));
    return names;
  }

  @Override
  public void verifyDeterministic() throws NonDeterministicException {
    for (AvroCoder<GenericRecord> coder : coders()) {
      coder.verifyDeterministic();
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof GenericRecordsCoder o && schemaTexts.equals(o.schemaTexts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(schemaTexts);
  }

  @Override
  public String toString() {
    return "GenericRecordsCoder" + names();
  }
}
