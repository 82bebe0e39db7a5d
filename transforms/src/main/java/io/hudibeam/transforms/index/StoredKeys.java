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

import io.hudibeam.table.HudiTableException;
import io.hudibeam.transforms.coders.RecordLocationCoder;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.RecordLocation;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/**
 * The stored keys of one key shard of the index join, as they arrive (batches of the keys one base
 * file holds): kept on the heap while their estimated size fits the budget, every later batch
 * appended to a local spill file in the folder of {@code hoodie.memory.spillable.map.path}, read
 * back in order by {@link #forEach}. A key is estimated at {@value #KEY_OVERHEAD_BYTES} bytes of
 * objects (its String and array headers and its list slot) and two bytes a character. Not
 * thread-safe; {@link #close} deletes the spill file.
 */
final class StoredKeys implements AutoCloseable {
  static final long KEY_OVERHEAD_BYTES = 48;

  private final MergeMemory memory;
  private final long budgetBytes;
  private final String owner;
  private final List<RecordLocation> locations = new ArrayList<>();
  private final List<List<String>> keys = new ArrayList<>();
  private long estimatedBytes;
  private File file;
  private DataOutputStream out;
  private long spilledKeys;
  private int spilledBatches;

  /**
   * @param owner whose keys these are, for error messages
   */
  StoredKeys(MergeMemory memory, long budgetBytes, String owner) {
    this.memory = memory;
    this.budgetBytes = budgetBytes;
    this.owner = owner;
  }

  void add(RecordLocation location, List<String> batch) {
    long estimate = 0;
    for (String key : batch) {
      estimate += KEY_OVERHEAD_BYTES + 2L * key.length();
    }
    if (out == null && estimatedBytes + estimate <= budgetBytes) {
      estimatedBytes += estimate;
      locations.add(location);
      keys.add(batch);
      return;
    }
    spill(location, batch);
  }

  /** Every stored key with its location, in the order the batches came. */
  void forEach(BiConsumer<String, RecordLocation> action) {
    for (int i = 0; i < keys.size(); i++) {
      RecordLocation location = locations.get(i);
      keys.get(i).forEach(key -> action.accept(key, location));
    }
    if (out == null) {
      return;
    }
    try {
      out.flush();
      try (DataInputStream in =
          new DataInputStream(new BufferedInputStream(new FileInputStream(file), 1 << 16))) {
        for (int b = 0; b < spilledBatches; b++) {
          RecordLocation location = RecordLocationCoder.of().decode(in);
          int count = in.readInt();
          for (int k = 0; k < count; k++) {
            action.accept(StringUtf8Coder.of().decode(in), location);
          }
        }
      }
    } catch (IOException e) {
      throw failure("read back", e);
    }
  }

  /** How many keys went to the spill file. */
  long spilledCount() {
    return spilledKeys;
  }

  private void spill(RecordLocation location, List<String> batch) {
    try {
      if (out == null) {
        File folder = memory.spillFolder();
        if (!folder.isDirectory() && !folder.mkdirs() && !folder.isDirectory()) {
          throw new IOException("cannot create the folder " + folder);
        }
        file = File.createTempFile("hudi-beam-stored-keys-", ".spill", folder);
        out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(file), 1 << 16));
      }
      RecordLocationCoder.of().encode(location, out);
      out.writeInt(batch.size());
      for (String key : batch) {
        StringUtf8Coder.of().encode(key, out);
      }
      spilledKeys += batch.size();
      spilledBatches++;
    } catch (IOException e) {
      throw failure("write", e);
    }
  }

  private HudiTableException failure(String action, IOException e) {
    return new HudiTableException(
        "Cannot "
            + action
            + " the spill file "
            + (file != null ? file : "")
            + " of the stored keys of "
            + owner
            + " (keys over the budget of "
            + budgetBytes
            + " bytes go to "
            + MergeMemory.SPILL_PATH
            + "="
            + memory.spillFolder()
            + ")",
        e);
  }

  @Override
  public void close() {
    try {
      if (out != null) {
        out.close();
      }
    } catch (IOException e) {
      // The file is deleted below.
    } finally {
      if (file != null && !file.delete() && file.exists()) {
        file.deleteOnExit();
      }
    }
  }
}
