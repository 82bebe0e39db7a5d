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
package io.hudibeam.transforms.coders;

import io.hudibeam.write.RecordEncoding;
import io.hudibeam.write.RecordOperation;
import io.hudibeam.write.RecordPayload;
import io.hudibeam.write.TableRecord;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.ByteCoder;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.coders.NullableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;

/**
 * Coder of a {@link TableRecord}: key, partition path, operation, then the data's Avro binary
 * encoding as nullable length-prefixed bytes. A record decoded by this coder keeps its bytes
 * undecoded ({@link RecordPayload}) and is encoded again by copying them, so a record crossing
 * several stages is Avro-encoded once and Avro-decoded only where its fields are read.
 */
public final class TableRecordCoder extends CustomCoder<TableRecord> {
  private static final long serialVersionUID = 1L;
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();
  private static final ByteCoder BYTE = ByteCoder.of();
  private static final NullableCoder<byte[]> DATA = NullableCoder.of(ByteArrayCoder.of());

  // Carries the schema through Java serialization and judges its encoding's determinism.
  private final AvroCoder<GenericRecord> avro;
  private transient volatile RecordEncoding encoding;

  private TableRecordCoder(Schema schema) {
    this.avro = AvroCoder.of(schema);
  }

  public static TableRecordCoder of(Schema schema) {
    return new TableRecordCoder(schema);
  }

  private RecordEncoding encoding() {
    RecordEncoding current = encoding;
    if (current == null) {
      current = RecordEncoding.of(avro.getSchema());
      encoding = current;
    }
    return current;
  }

  @Override
  public void encode(TableRecord value, OutputStream out) throws IOException {
    STRING.encode(value.recordKey(), out);
    STRING.encode(value.partitionPath(), out);
    BYTE.encode((byte) value.operation().ordinal(), out);
    RecordPayload data = value.payload().orElse(null);
    DATA.encode(data == null ? null : encoding().encode(data), out);
  }

  @Override
  public TableRecord decode(InputStream in) throws IOException {
    String recordKey = STRING.decode(in);
    String partitionPath = STRING.decode(in);
    RecordOperation operation = RecordOperation.values()[BYTE.decode(in)];
    byte[] data = DATA.decode(in);
    return TableRecord.of(
        recordKey, partitionPath, operation, data == null ? null : encoding().payload(data));
  }

  /** Deterministic when Avro's binary encoding of the schema is (no maps, as AvroCoder judges). */
  @Override
  public void verifyDeterministic() throws NonDeterministicException {
    verifyDeterministic(this, "The Avro encoding of the record data must be deterministic", avro);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableRecordCoder && avro.equals(((TableRecordCoder) o).avro);
  }

  @Override
  public int hashCode() {
    return avro.hashCode();
  }
}
