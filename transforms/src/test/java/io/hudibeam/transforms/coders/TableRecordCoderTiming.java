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

import io.hudibeam.testing.TripsData;
import io.hudibeam.write.TableRecord;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.coders.NullableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;

/**
 * Not a test: times moving trips records through {@code HOPS} encode/decode hops and reading their
 * data once at the end (the write handle), with the payload coder and with the former
 * AvroCoder-per-hop format. {@code main(records)}, e.g. 1000000.
 */
public final class TableRecordCoderTiming {
  private static final int HOPS = 4;

  private TableRecordCoderTiming() {}

  /** The format before payloads: the data re-encoded and re-decoded by AvroCoder at each hop. */
  private static final class AvroPerHop extends CustomCoder<TableRecord> {
    private static final long serialVersionUID = 1L;
    private final NullableCoder<GenericRecord> data =
        NullableCoder.of(AvroCoder.of(TripsData.SCHEMA));

    @Override
    public void encode(TableRecord r, OutputStream out) throws IOException {
      StringUtf8Coder.of().encode(r.recordKey(), out);
      StringUtf8Coder.of().encode(r.partitionPath(), out);
      out.write(r.operation().ordinal());
      data.encode(r.data().orElse(null), out);
    }

    @Override
    public TableRecord decode(InputStream in) throws IOException {
      String key = StringUtf8Coder.of().decode(in);
      String path = StringUtf8Coder.of().decode(in);
      in.read();
      return TableRecord.upsert(key, path, data.decode(in));
    }
  }

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    List<TableRecord> records = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      records.add(TableRecord.upsert(TripsData.key(i), TripsData.city(i), TripsData.record(0, i)));
    }
    for (int round = 0; round < 3; round++) {
      long t0 = System.nanoTime();
      long checksum = throughHops(records, new AvroPerHop());
      long t1 = System.nanoTime();
      long checksum2 = throughHops(records, TableRecordCoder.of(TripsData.SCHEMA));
      long t2 = System.nanoTime();
      System.out.printf(
          "round %d: %d records x %d hops + one data read: AvroCoder per hop %d ms, payload coder %d ms (checks %d %d)%n",
          round, n, HOPS, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, checksum, checksum2);
    }
  }

  private static long throughHops(List<TableRecord> records, Coder<TableRecord> coder)
      throws IOException {
    long checksum = 0;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (TableRecord record : records) {
      TableRecord r = record;
      for (int hop = 0; hop < HOPS; hop++) {
        out.reset();
        coder.encode(r, out);
        r = coder.decode(new ByteArrayInputStream(out.toByteArray()));
      }
      checksum += (Long) r.data().orElseThrow().get("ts");
    }
    return checksum;
  }
}
