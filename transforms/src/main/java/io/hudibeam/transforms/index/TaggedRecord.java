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
package io.hudibeam.transforms.index;

import io.hudibeam.transforms.coders.RecordLocationCoder;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.coders.NullableCoder;

/**
 * A record and, when its key is already in the table, the file group the index found it in.
 *
 * @param record the record
 * @param location where the index found its key; empty for a key new to the table
 */
public record TaggedRecord(TableRecord record, Optional<RecordLocation> location) {

  public TaggedRecord {
    Objects.requireNonNull(record, "record");
    Objects.requireNonNull(location, "location");
  }

  public static TaggedRecord of(TableRecord record, Optional<RecordLocation> location) {
    return new TaggedRecord(record, location);
  }

  @Override
  public String toString() {
    return record + location.map(l -> " @ " + l).orElse(" (new)");
  }

  /** Coder: the record, then the nullable location. */
  public static final class TaggedRecordCoder extends CustomCoder<TaggedRecord> {
    private static final long serialVersionUID = 1L;
    private final TableRecordCoder recordCoder;
    private final NullableCoder<RecordLocation> locationCoder =
        NullableCoder.of(RecordLocationCoder.of());

    private TaggedRecordCoder(Schema schema) {
      this.recordCoder = TableRecordCoder.of(schema);
    }

    public static TaggedRecordCoder of(Schema schema) {
      return new TaggedRecordCoder(schema);
    }

    @Override
    public void encode(TaggedRecord value, OutputStream out) throws IOException {
      recordCoder.encode(value.record, out);
      locationCoder.encode(value.location.orElse(null), out);
    }

    @Override
    public TaggedRecord decode(InputStream in) throws IOException {
      TableRecord record = recordCoder.decode(in);
      return new TaggedRecord(record, Optional.ofNullable(locationCoder.decode(in)));
    }

    @Override
    public List<? extends Coder<?>> getCoderArguments() {
      return List.of(recordCoder);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof TaggedRecordCoder
          && recordCoder.equals(((TaggedRecordCoder) o).recordCoder);
    }

    @Override
    public int hashCode() {
      return recordCoder.hashCode();
    }
  }
}
