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
package io.hudibeam.transforms.dynamic;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.values.KV;

/**
 * Keys each element by its table (the destination function), makes it the Avro record its table
 * takes ({@link Records}), and packs a bundle's records per window, table and schema into {@link
 * RecordPack}s of about 64 KiB, so that the GroupByKey by table moves and keeps a few arrays per
 * table, not one object per record.
 */
public final class PackPerTableFn<T> extends DoFn<T, KV<String, IntervalPack>> {
  private static final long serialVersionUID = 1L;
  static final long PACK_BYTES = 64 * 1024;
  private final SerializableFunction<T, String> destination;
  private final Records<T> records;
  private transient Map<Key, RecordPack.Packer> packers;

  private record Key(BoundedWindow window, String destination, Schema schema) {}

  /** An element as the Avro record its table takes. */
  public interface Records<T> extends Serializable {
    GenericRecord of(T element, String destination);
  }

  public PackPerTableFn(SerializableFunction<T, String> destination, Records<T> records) {
    this.destination = destination;
    this.records = records;
  }

  @StartBundle
  public void startBundle() {
    packers = new HashMap<>();
  }

  @ProcessElement
  public void process(
      @Element T element, BoundedWindow window, OutputReceiver<KV<String, IntervalPack>> out) {
    String table = destination.apply(element);
    if (table == null || table.isEmpty()) {
      throw new IllegalArgumentException(
          "writeDynamic: the destination function gave "
              + (table == null ? "null" : "an empty destination")
              + " for "
              + element
              + "; every record needs the name of its table");
    }
    GenericRecord record = records.of(element, table);
    RecordPack.Packer packer =
        packers.computeIfAbsent(
            new Key(window, table, record.getSchema()), k -> new RecordPack.Packer(k.schema()));
    if (packer.add(record) >= PACK_BYTES) {
      out.output(KV.of(table, packOf(window, packer.take())));
    }
  }

  @FinishBundle
  public void finishBundle(FinishBundleContext context) {
    packers.forEach(
        (key, packer) -> {
          if (!packer.isEmpty()) {
            context.output(
                KV.of(key.destination(), packOf(key.window(), packer.take())),
                key.window().maxTimestamp(),
                key.window());
          }
        });
    packers = null;
  }

  private static IntervalPack packOf(BoundedWindow window, RecordPack pack) {
    if (window instanceof IntervalWindow interval) {
      return new IntervalPack(interval.start().getMillis(), interval.end().getMillis(), pack);
    }
    return new IntervalPack(
        BoundedWindow.TIMESTAMP_MIN_VALUE.getMillis(), window.maxTimestamp().getMillis() + 1, pack);
  }
}
