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
package io.hudibeam.write;

import io.hudibeam.keygen.HoodieKey;
import io.hudibeam.table.HudiTableException;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import org.apache.avro.Schema;

/**
 * The incoming records of one file-group merge by record key, within a memory budget (Hudi's {@code
 * ExternalSpillableMap} in its merge handle). Records are kept in memory while their estimated size
 * fits the budget; every later record is appended to a local spill file ({@link SpillFile}), of
 * which 24 to 48 bytes per record stay in memory (arrays grow by doubling): a 64-bit hash of its
 * key, its offset in the file and two slots of an open-addressing table. Looking up a spilled key
 * reads its record back from the file when the hash matches.
 *
 * <p>Records are visited in the order they were put ({@link #forEachUnmatched}), so a merge writes
 * the same rows in the same order whether it spilled or not. The size of a record in memory is an
 * estimate, as Hudi's: re-estimated every {@value #ESTIMATE_EVERY} records from its key, partition
 * path and Avro bytes, with an overhead per record measured on the heap ({@link
 * #RECORD_OVERHEAD_BYTES}). A spilled delete keeps its key and partition but not its data, which a
 * merge never reads (deletes often carry only their key fields, in another schema). Not
 * thread-safe; {@link #close} deletes the spill file.
 *
 * <p>The merge keys records by record key; "Prepare records" and "Tag locations" also use it to
 * keep one record per key of a key shard ({@link #putPreferred}), by record key or by (record key,
 * partition path) ({@link KeyScope}), and look records up by their put order ({@link #ordinalOf}).
 */
public final class SpillableRecordMap implements AutoCloseable {
  static final int ESTIMATE_EVERY = 100;

  /**
   * The objects of a record in memory besides its characters and Avro bytes, with compressed
   * references: TableRecord (32), RecordPayload and its encoded bytes holder (24 + 24), the record
   * key's and partition path's String (24 + 24), the headers and padding of the key's, partition
   * path's and payload's arrays (3 x about 20), the HashMap node (32), the boxed ordinal (16), and
   * the map's table slot and the list's slot (about 8). Checked against the heap a record really
   * retains by {@code SpillableRecordMapHeapTest} (docs/memory.md).
   */
  static final long RECORD_OVERHEAD_BYTES = 240;

  /** A decoded Avro record takes a few times its binary encoding on the heap. */
  private static final int DECODED_RECORD_FACTOR = 4;

  private final long budgetBytes;

  private final RecordEncoding encoding;
  private final String owner;
  private final KeyScope scope;

  private final Map<Object, Integer> memoryOrdinals = new HashMap<>();
  private final List<TableRecord> memoryRecords = new ArrayList<>();
  private long estimatedBytes;
  private long recordEstimate;

  private final SpillFile spillFile;
  private long[] offsets = new long[0];
  private long[] hashes = new long[0];
  private int spilled;

  /** Spill ordinal + 1 per slot; 0 is empty. */
  private int[] slots = new int[0];

  /**
   * Whether a spilled record was replaced: the spill file then also holds records no longer read.
   */
  private boolean spilledReplaced;

  private final BitSet matched = new BitSet();
  private Schema lastSchema;

  /**
   * @param owner what the records are merged into, for error messages (file group and instant)
   */
  SpillableRecordMap(long budgetBytes, File folder, RecordEncoding encoding, String owner) {
    this(budgetBytes, MergeMemory.MAX_SIZE, folder, encoding, owner);
  }

  SpillableRecordMap(
      long budgetBytes, String budgetKey, File folder, RecordEncoding encoding, String owner) {
    this(budgetBytes, budgetKey, folder, encoding, owner, KeyScope.RECORD_KEY);
  }

  /**
   * A map of the records of one key shard within {@code budgetBytes} of {@code memory}'s settings
   * (its spill folder; its key named in messages).
   *
   * @param owner whose records these are, for error messages
   */
  public SpillableRecordMap(
      MergeMemory memory, long budgetBytes, KeyScope scope, RecordEncoding encoding, String owner) {
    this(budgetBytes, memory.maxSizeKey(), memory.spillFolder(), encoding, owner, scope);
  }

  /**
   * @param budgetKey the setting the budget comes from ({@link MergeMemory#maxSizeKey()}), for
   *     error messages
   */
  private SpillableRecordMap(
      long budgetBytes,
      String budgetKey,
      File folder,
      RecordEncoding encoding,
      String owner,
      KeyScope scope) {
    this.budgetBytes = budgetBytes;
    this.scope = Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(budgetKey, "budgetKey");
    this.encoding = Objects.requireNonNull(encoding, "encoding");
    this.owner = Objects.requireNonNull(owner, "owner");
    this.spillFile =
        new SpillFile(
            folder,
            encoding,
            "of "
                + owner
                + " (records over the "
                + budgetKey
                + " budget of "
                + budgetBytes
                + " bytes go to "
                + MergeMemory.SPILL_PATH
                + "="
                + folder
                + ")");
  }

  /** Adds a record; false (and nothing added) if its key is already here. */
  boolean put(TableRecord record) {
    if (ordinalOf(record.recordKey(), record.partitionPath()) >= 0) {
      return false;
    }
    add(record);
    return true;
  }

  private void add(TableRecord record) {
    if (spilled == 0) {
      if (memoryRecords.size() % ESTIMATE_EVERY == 0) {
        recordEstimate = estimate(record);
      }
      if (estimatedBytes + recordEstimate <= budgetBytes) {
        estimatedBytes += recordEstimate;
        memoryOrdinals.put(
            memoryKey(record.recordKey(), record.partitionPath()), memoryRecords.size());
        memoryRecords.add(record);
        return;
      }
    }
    spill(record);
  }

  /**
   * Adds a record, or keeps the one {@code prefer} picks of it and the record of its key ({@code
   * prefer.apply(kept, record)}); true if the key was new. A kept record keeps its key's place in
   * the put order.
   */
  public boolean putPreferred(TableRecord record, BinaryOperator<TableRecord> prefer) {
    int ordinal = ordinalOf(record.recordKey(), record.partitionPath());
    if (ordinal < 0) {
      add(record);
      return true;
    }
    TableRecord kept = get(ordinal);
    if (prefer.apply(kept, record) != kept) {
      replace(ordinal, record);
    }
    return false;
  }

  /**
   * The put order of the record of a key, or -1; the partition path counts only in {@link
   * KeyScope#RECORD_KEY_AND_PARTITION}.
   */
  public int ordinalOf(String recordKey, String partitionPath) {
    Integer ordinal = memoryOrdinals.get(memoryKey(recordKey, partitionPath));
    if (ordinal != null) {
      return ordinal;
    }
    if (spilled == 0) {
      return -1;
    }
    int spillOrdinal = spilledOrdinal(recordKey, partitionPath);
    return spillOrdinal < 0 ? -1 : memoryRecords.size() + spillOrdinal;
  }

  /** The record put {@code ordinal}-th ({@link #ordinalOf}). */
  public TableRecord get(int ordinal) {
    int inMemory = memoryRecords.size();
    return ordinal < inMemory
        ? memoryRecords.get(ordinal)
        : spillFile.readAt(offsets[ordinal - inMemory]);
  }

  /** Every record with its ordinal, in the order they were put. */
  public void forEachInOrder(ObjIntConsumer<TableRecord> action) {
    int inMemory = memoryRecords.size();
    for (int i = 0; i < inMemory; i++) {
      action.accept(memoryRecords.get(i), i);
    }
    if (spilledReplaced) {
      for (int i = 0; i < spilled; i++) {
        action.accept(spillFile.readAt(offsets[i]), inMemory + i);
      }
      return;
    }
    int[] next = {inMemory};
    spillFile.forEachInOrder(spilled, i -> true, r -> action.accept(r, next[0]++));
  }

  private void replace(int ordinal, TableRecord record) {
    int inMemory = memoryRecords.size();
    if (ordinal < inMemory) {
      memoryRecords.set(ordinal, record);
      return;
    }
    offsets[ordinal - inMemory] = append(record);
    spilledReplaced = true;
  }

  /**
   * Adds a record, or replaces the record of its key (a later log record replacing an earlier one
   * in a compaction). A replaced record keeps its key's place in {@link #forEachUnmatched}'s order;
   * a spilled key's new record is appended to the spill file and the old one is no longer read.
   */
  void putLatest(TableRecord record) {
    int ordinal = ordinalOf(record.recordKey(), record.partitionPath());
    if (ordinal < 0) {
      add(record);
    } else {
      replace(ordinal, record);
    }
  }

  /** The record of the key, or null; not marked as matched. */
  TableRecord peek(String key) {
    int ordinal = ordinalOf(key, null);
    return ordinal < 0 ? null : get(ordinal);
  }

  /** The record of the key, marked as matched, or null. */
  TableRecord match(String key) {
    int ordinal = ordinalOf(key, null);
    if (ordinal < 0) {
      return null;
    }
    matched.set(ordinal);
    return get(ordinal);
  }

  /** Every record never matched, in the order they were put. */
  void forEachUnmatched(Consumer<TableRecord> action) {
    int inMemory = memoryRecords.size();
    for (int i = matched.nextClearBit(0); i < inMemory; i = matched.nextClearBit(i + 1)) {
      action.accept(memoryRecords.get(i));
    }
    if (spilledReplaced) {
      for (int i = 0; i < spilled; i++) {
        if (!matched.get(inMemory + i)) {
          action.accept(spillFile.readAt(offsets[i]));
        }
      }
      return;
    }
    spillFile.forEachInOrder(spilled, i -> !matched.get(inMemory + i), action);
  }

  public int size() {
    return memoryRecords.size() + spilled;
  }

  /** How many records went to the spill file. */
  public int spilledCount() {
    return spilled;
  }

  long estimatedMemoryBytes() {
    return estimatedBytes;
  }

  @Override
  public void close() {
    spillFile.close();
  }

  private Object memoryKey(String recordKey, String partitionPath) {
    return scope == KeyScope.RECORD_KEY ? recordKey : HoodieKey.of(recordKey, partitionPath);
  }

  private long hash(String recordKey, String partitionPath) {
    long h = hash(recordKey);
    return scope == KeyScope.RECORD_KEY ? h : h * 31 + hash(partitionPath);
  }

  private long estimate(TableRecord record) {
    long payloadBytes = 0;
    if (record.payload().isPresent()) {
      RecordPayload payload = record.payload().get();
      payloadBytes = encoded(record.recordKey(), payload).length;
      if (payload.isDecoded()) {
        payloadBytes *= DECODED_RECORD_FACTOR;
      }
    }
    // Two bytes a character: a Latin-1 string takes one, any other two.
    return RECORD_OVERHEAD_BYTES
        + 2L * (record.recordKey().length() + record.partitionPath().length())
        + payloadBytes;
  }

  /** The payload in the write schema's encoding; fails on data of another schema. */
  private byte[] encoded(String recordKey, RecordPayload payload) {
    byte[] bytes = payload.encodedIn(encoding);
    if (bytes != null) {
      return bytes;
    }
    Schema schema = payload.record().getSchema();
    if (schema != lastSchema) {
      if (!schema.equals(encoding.schema())) {
        throw new HudiTableException(
            "Record key '"
                + recordKey
                + "' of "
                + owner
                + " has data of schema "
                + schema
                + "; expected the write schema "
                + encoding.schema());
      }
      lastSchema = schema;
    }
    return encoding.encode(payload);
  }

  private void spill(TableRecord record) {
    addSpilled(hash(record.recordKey(), record.partitionPath()), append(record));
  }

  /** Appends a record to the spill file; returns its offset. */
  private long append(TableRecord record) {
    // A delete's data is kept when it has some (a change stream's delete, ordered by it); the
    // merge handle drops the data of deletes it does not order.
    return spillFile.append(
        record,
        record.payload().isEmpty() ? null : encoded(record.recordKey(), record.payload().get()));
  }

  private void addSpilled(long hash, long offset) {
    if (spilled == offsets.length) {
      int capacity = Math.max(1024, offsets.length * 2);
      offsets = Arrays.copyOf(offsets, capacity);
      hashes = Arrays.copyOf(hashes, capacity);
      rehash(capacity * 2);
    }
    offsets[spilled] = offset;
    hashes[spilled] = hash;
    insertSlot(spilled);
    spilled++;
  }

  private void rehash(int capacity) {
    slots = new int[capacity];
    for (int i = 0; i < spilled; i++) {
      insertSlot(i);
    }
  }

  private void insertSlot(int ordinal) {
    int mask = slots.length - 1;
    int slot = (int) hashes[ordinal] & mask;
    while (slots[slot] != 0) {
      slot = (slot + 1) & mask;
    }
    slots[slot] = ordinal + 1;
  }

  private int spilledOrdinal(String recordKey, String partitionPath) {
    long hash = hash(recordKey, partitionPath);
    int mask = slots.length - 1;
    for (int slot = (int) hash & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
      int ordinal = slots[slot] - 1;
      if (hashes[ordinal] == hash
          && sameKey(spillFile.readAt(offsets[ordinal]), recordKey, partitionPath)) {
        return ordinal;
      }
    }
    return -1;
  }

  private boolean sameKey(TableRecord record, String recordKey, String partitionPath) {
    return record.recordKey().equals(recordKey)
        && (scope == KeyScope.RECORD_KEY || record.partitionPath().equals(partitionPath));
  }

  /** FNV-1a over the key's chars, then MurmurHash3's 64-bit finalizer. */
  static long hash(String key) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < key.length(); i++) {
      h ^= key.charAt(i);
      h *= 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }
}
