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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.model.DeleteRecord;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.log.HoodieLogFormat;
import org.apache.hudi.common.table.log.block.HoodieAvroDataBlock;
import org.apache.hudi.common.table.log.block.HoodieDeleteBlock;
import org.apache.hudi.common.table.log.block.HoodieLogBlock;
import org.apache.hudi.common.table.log.block.HoodieLogBlock.HeaderMetadataType;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.storage.StoragePath;

/** Merge-on-read checks with Hudi's own classes: log files on disk and their blocks. */
final class MergeOnReadChecks {
  private static final Pattern LOG_FILE = Pattern.compile("^\\..+\\.log\\.\\d+_\\d+-\\d+-\\d+$");

  private MergeOnReadChecks() {}

  /** One block of a log file as Hudi's log reader parses it. */
  record Block(
      String file, HoodieLogBlock.HoodieLogBlockType type, String instant, List<String> keys) {}

  /** Relative paths of every log file under the base path outside {@code .hoodie}. */
  static TreeSet<String> logFilesOnDisk(String basePath) {
    Path root = Paths.get(basePath);
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(f -> LOG_FILE.matcher(f.getFileName().toString()).matches())
          .map(f -> root.relativize(f).toString())
          .filter(f -> !f.startsWith(".hoodie"))
          .collect(Collectors.toCollection(TreeSet::new));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Every block of every log file of the table, read by Hudi 0.15's {@link HoodieLogFormat} reader:
   * block type, {@code INSTANT_TIME} header, and the record keys of a data block (whose records
   * must carry the meta fields of the {@code SCHEMA} header) or of a delete block.
   */
  static List<Block> logBlocks(HudiTableReader reader) {
    HoodieTableMetaClient meta = reader.metaClient();
    List<Block> out = new ArrayList<>();
    for (String relative : logFilesOnDisk(reader.basePath())) {
      StoragePath path = new StoragePath(reader.basePath() + "/" + relative);
      try (HoodieLogFormat.Reader logReader =
          HoodieLogFormat.newReader(meta.getStorage(), new HoodieLogFile(path), null)) {
        while (logReader.hasNext()) {
          HoodieLogBlock block = logReader.next();
          String instant = block.getLogBlockHeader().get(HeaderMetadataType.INSTANT_TIME);
          List<String> keys = new ArrayList<>();
          if (block instanceof HoodieAvroDataBlock) {
            Schema schema =
                new Schema.Parser().parse(block.getLogBlockHeader().get(HeaderMetadataType.SCHEMA));
            assertThat(
                relative,
                schema.getField(HoodieRecord.RECORD_KEY_METADATA_FIELD) != null,
                is(true));
            try (ClosableIterator<HoodieRecord<GenericRecord>> it =
                ((HoodieAvroDataBlock) block)
                    .getRecordIterator(HoodieRecord.HoodieRecordType.AVRO)) {
              while (it.hasNext()) {
                GenericRecord record = (GenericRecord) it.next().getData();
                assertThat(
                    relative, HudiTableReader.string(record, "_hoodie_commit_time"), is(instant));
                keys.add(HudiTableReader.string(record, HoodieRecord.RECORD_KEY_METADATA_FIELD));
              }
            }
          } else if (block instanceof HoodieDeleteBlock) {
            for (DeleteRecord deleted : ((HoodieDeleteBlock) block).getRecordsToDelete()) {
              keys.add(deleted.getRecordKey());
            }
          }
          out.add(new Block(relative, block.getBlockType(), instant, keys));
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Hudi cannot read log file " + path, e);
      }
    }
    return out;
  }

  /** The {@code uuid} (record key) to trips values, for comparing a read with the expected rows. */
  static Map<String, List<Object>> valuesByKey(List<GenericRecord> records) {
    Map<String, List<Object>> out = new TreeMap<>();
    for (GenericRecord r : records) {
      List<Object> previous = out.put(HudiTableReader.string(r, "uuid"), TripsData.values(r));
      assertThat("duplicate key " + HudiTableReader.string(r, "uuid"), previous == null, is(true));
    }
    return out;
  }
}
