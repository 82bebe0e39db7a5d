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
package io.hudibeam.log;

import io.hudibeam.hfile.Compression;
import io.hudibeam.hfile.HFileAvroValues;
import io.hudibeam.hfile.HFileEntry;
import io.hudibeam.hfile.HFileFormatException;
import io.hudibeam.hfile.HFileReader;
import io.hudibeam.hfile.HFileSettings;
import io.hudibeam.hfile.HFileWriter;
import io.hudibeam.hfile.HudiHFileKeys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * The content of an HFile data block (Hudi 0.15's {@code HoodieHFileDataBlock}, type 4; unchanged
 * in 1.0): a whole HFile, written in memory by {@code HFileUtils.serializeRecordsToLogBlock}. Each
 * record is a cell whose key is the record's {@code key} field (UTF-8) and whose value is the
 * record's Avro binary with that field blanked ({@link HFileAvroValues}); cells in key order, a
 * repeated key giving one cell per record in the order written (Hudi collects them in a {@code
 * TreeMap} of lists); 1 MiB data blocks ({@code DEFAULT_BLOCK_SIZE_FOR_LOG_FILE}); the block's
 * compression ({@code hoodie.hfile.compression.algorithm}, GZ by default); and only the {@code
 * schema} file info entry (the block's schema). No bloom filter, no key range.
 *
 * <p>Readers either decode the content bytes (full scan) or, for key lookups, open the content in
 * place through Hudi's {@code InLineFileSystem} ("inline" paths naming the log file, the content's
 * offset and length): the block holds a plain, complete HFile either way.
 */
final class HFileDataBlockCodec {
  static final int LOG_BLOCK_SIZE = 1024 * 1024;

  private HFileDataBlockCodec() {}

  static byte[] encode(
      Schema schema, List<? extends GenericRecord> records, Compression compression) {
    Schema.Field keyField = schema.getField(HudiHFileKeys.KEY_FIELD);
    if (keyField == null) {
      throw new IllegalArgumentException(
          "An HFile data block's records need a '"
              + HudiHFileKeys.KEY_FIELD
              + "' field (schema "
              + schema.getFullName()
              + "); Hudi's counter keys for records without one are not written");
    }
    List<Keyed> keyed = new ArrayList<>(records.size());
    for (GenericRecord record : records) {
      Object key = record.get(keyField.pos());
      if (key == null) {
        throw new IllegalArgumentException(
            "A record of an HFile data block has no '" + HudiHFileKeys.KEY_FIELD + "': " + record);
      }
      keyed.add(new Keyed(key.toString().getBytes(StandardCharsets.UTF_8), record));
    }
    keyed.sort((a, b) -> Arrays.compareUnsigned(a.key, b.key)); // stable: repeats keep their order
    HFileAvroValues values = HFileAvroValues.forSchema(schema);
    HFileWriter writer =
        HFileWriter.inMemory(
            HFileSettings.hudiDefaults()
                .withBlockSize(LOG_BLOCK_SIZE)
                .withCompression(compression));
    for (Keyed k : keyed) {
      writer.append(k.key, values.encode(k.record));
    }
    writer.appendFileInfo(HudiHFileKeys.SCHEMA, schema.toString().getBytes(StandardCharsets.UTF_8));
    writer.close();
    return writer.toByteArray();
  }

  /** The cells of the content; {@code where} names the block in errors. */
  static HFileReader reader(byte[] content, String where) {
    try {
      return HFileReader.of(content, where);
    } catch (HFileFormatException e) {
      throw new LogFormatException(e.getMessage(), e);
    }
  }

  /**
   * Decodes each record with {@code writerSchema} (the block's SCHEMA header, as Hudi's reader
   * takes it) resolved to {@code readerSchema}, in key order.
   */
  static void forEachRecord(
      byte[] content,
      Schema writerSchema,
      Schema readerSchema,
      Consumer<GenericRecord> action,
      String where) {
    try (HFileReader reader = reader(content, where)) {
      Iterator<HFileEntry> cells = reader.scan();
      while (cells.hasNext()) {
        HFileEntry cell = cells.next();
        action.accept(HFileAvroValues.decode(cell.key(), cell.value(), writerSchema, readerSchema));
      }
    } catch (HFileFormatException e) {
      throw new LogFormatException(e.getMessage(), e);
    }
  }

  private record Keyed(byte[] key, GenericRecord record) {}
}
