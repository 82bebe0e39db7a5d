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
package io.hudibeam.transforms;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.util.VarInt;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.joda.time.Instant;

/**
 * Elements packed for a wait in a streaming pipeline: each bundle's elements of one window (and one
 * key, for {@link KeyedBatchFn}) become one byte array, their timestamps and their encodings with
 * the elements' own coder. Beam's Flink runner holds the elements a side input is not ready for,
 * and the values a GroupByKey has not fired yet, as objects in operator state, one windowed value
 * each for the former (a timestamp, a window and a pane beside the element, about 180 bytes of
 * objects), and serializes every one of them at each checkpoint; a commit interval's records wait
 * so under load. Packed, an interval's records are a few hundred arrays. Bundles bound a batch: on
 * Flink a bundle is at most 1,000 elements unless {@code --maxBundleSize} says otherwise.
 *
 * <p>A batch is {@code varint count}, then per element its timestamp (milliseconds, 8 bytes big
 * endian) and its nested encoding. It carries the earliest of its elements' timestamps, so it holds
 * the watermark where its elements would have; {@link UnbatchFn} gives each element its own
 * timestamp back.
 */
public final class ElementBatches {
  private ElementBatches() {}

  /**
   * {@code elements} through {@code step} packed: packed per bundle and window ("Batch while
   * waiting"), {@code step} (named {@code name}) on the batches, unpacked ("Unbatch") with the
   * elements' coder.
   */
  public static <T> PCollection<T> packedThrough(
      PCollection<T> elements, String name, ParDo.SingleOutput<byte[], byte[]> step) {
    Coder<T> coder = elements.getCoder();
    return elements
        .apply("Batch while waiting", ParDo.of(new BatchFn<T>(coder)))
        .setCoder(ByteArrayCoder.of())
        .apply(name, step)
        .setCoder(ByteArrayCoder.of())
        .apply("Unbatch", ParDo.of(new UnbatchFn<T>(coder)))
        .setCoder(coder);
  }

  /**
   * Packs each bundle's values per window and key ({@link KeyedBatchFn}, the step {@code packName})
   * and groups the packs by key (the GroupByKey {@code groupName}); {@link #elements} reads a key's
   * packs back.
   */
  public static <K, V> PCollection<KV<K, Iterable<byte[]>>> packedAndGrouped(
      PCollection<KV<K, V>> input,
      String packName,
      String groupName,
      Coder<K> keyCoder,
      Coder<V> valueCoder) {
    return input
        .apply(packName, ParDo.of(new KeyedBatchFn<K, V>(valueCoder)))
        .setCoder(KvCoder.of(keyCoder, ByteArrayCoder.of()))
        .apply(groupName, GroupByKey.<K, byte[]>create());
  }

  /**
   * The elements among the values a GroupByKey gathered for a key: the values themselves, or the
   * elements of packs ({@link #elements}).
   */
  public interface ValuesOf<V, T> extends Serializable {
    Iterable<T> of(Iterable<V> values);
  }

  /** The number of elements in a batch. */
  public static int count(byte[] batch) {
    try {
      return VarInt.decodeInt(new ByteArrayInputStream(batch));
    } catch (IOException e) {
      throw new IllegalArgumentException("Not a batch of elements: no element count", e);
    }
  }

  /** Packs each bundle's elements window by window; outputs the batches when the bundle ends. */
  public static final class BatchFn<T> extends DoFn<T, byte[]> {
    private static final long serialVersionUID = 1L;
    private final Coder<T> coder;
    private transient Map<BoundedWindow, Batch> batches;

    public BatchFn(Coder<T> coder) {
      this.coder = coder;
    }

    @StartBundle
    public void startBundle() {
      batches = new LinkedHashMap<>();
    }

    @ProcessElement
    public void process(@Element T element, @Timestamp Instant timestamp, BoundedWindow window)
        throws IOException {
      batches.computeIfAbsent(window, w -> new Batch()).add(coder, element, timestamp);
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) throws IOException {
      for (Map.Entry<BoundedWindow, Batch> batch : batches.entrySet()) {
        context.output(batch.getValue().toBytes(), batch.getValue().earliest, batch.getKey());
      }
      batches.clear();
    }
  }

  /**
   * Packs each bundle's values window by window and key by key, for a GroupByKey; {@link #elements}
   * reads the grouped batches back.
   */
  public static final class KeyedBatchFn<K, V> extends DoFn<KV<K, V>, KV<K, byte[]>> {
    private static final long serialVersionUID = 1L;
    private final Coder<V> coder;
    private transient Map<KV<BoundedWindow, K>, Batch> batches;

    public KeyedBatchFn(Coder<V> coder) {
      this.coder = coder;
    }

    @StartBundle
    public void startBundle() {
      batches = new LinkedHashMap<>();
    }

    @ProcessElement
    public void process(
        @Element KV<K, V> element, @Timestamp Instant timestamp, BoundedWindow window)
        throws IOException {
      batches
          .computeIfAbsent(KV.of(window, element.getKey()), w -> new Batch())
          .add(coder, element.getValue(), timestamp);
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) throws IOException {
      for (Map.Entry<KV<BoundedWindow, K>, Batch> batch : batches.entrySet()) {
        KV<BoundedWindow, K> windowAndKey = batch.getKey();
        context.output(
            KV.of(windowAndKey.getValue(), batch.getValue().toBytes()),
            batch.getValue().earliest,
            windowAndKey.getKey());
      }
      batches.clear();
    }
  }

  /**
   * The elements of {@code batches}, decoded one at a time as they are iterated (each iteration
   * decodes them again); their timestamps are left out.
   */
  public static <T> Iterable<T> elements(Iterable<byte[]> batches, Coder<T> coder) {
    return () -> new ElementIterator<>(batches.iterator(), coder);
  }

  private static final class ElementIterator<T> implements Iterator<T> {
    private final Iterator<byte[]> batches;
    private final Coder<T> coder;
    private DataInputStream current;
    private int left;

    ElementIterator(Iterator<byte[]> batches, Coder<T> coder) {
      this.batches = batches;
      this.coder = coder;
    }

    @Override
    public boolean hasNext() {
      while (left == 0 && batches.hasNext()) {
        current = new DataInputStream(new ByteArrayInputStream(batches.next()));
        try {
          left = VarInt.decodeInt(current);
        } catch (IOException e) {
          throw new UncheckedIOException("Not a batch of elements: no element count", e);
        }
      }
      return left > 0;
    }

    @Override
    public T next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      try {
        current.readLong();
        T element = coder.decode(current);
        left--;
        return element;
      } catch (IOException e) {
        throw new UncheckedIOException("A batch of elements ends inside an element", e);
      }
    }
  }

  /** Outputs a batch's elements, each with its own timestamp. */
  public static final class UnbatchFn<T> extends DoFn<byte[], T> {
    private static final long serialVersionUID = 1L;
    private final Coder<T> coder;

    public UnbatchFn(Coder<T> coder) {
      this.coder = coder;
    }

    @ProcessElement
    public void process(@Element byte[] batch, OutputReceiver<T> out) throws IOException {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(batch));
      int count = VarInt.decodeInt(in);
      for (int i = 0; i < count; i++) {
        Instant timestamp = Instant.ofEpochMilli(in.readLong());
        out.outputWithTimestamp(coder.decode(in), timestamp);
      }
    }
  }

  /**
   * One batch of elements, encoded as they arrive ({@link #toBytes} is the batch {@link #elements}
   * reads back).
   */
  public static final class Batch {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);
    private int count;
    private Instant earliest;

    /** Appends an element's timestamp and encoding. */
    public <T> void add(Coder<T> coder, T element, Instant timestamp) throws IOException {
      out.writeLong(timestamp.getMillis());
      coder.encode(element, out);
      count++;
      earliest = earliest == null || timestamp.isBefore(earliest) ? timestamp : earliest;
    }

    /** The bytes encoded so far (without the count in front). */
    public int size() {
      return bytes.size();
    }

    /** The earliest timestamp of the elements added; null while empty. */
    public Instant earliest() {
      return earliest;
    }

    /** The batch: the element count, then the elements. */
    public byte[] toBytes() throws IOException {
      out.flush();
      ByteArrayOutputStream packed = new ByteArrayOutputStream(bytes.size() + 5);
      VarInt.encode(count, packed);
      bytes.writeTo(packed);
      return packed.toByteArray();
    }
  }
}
