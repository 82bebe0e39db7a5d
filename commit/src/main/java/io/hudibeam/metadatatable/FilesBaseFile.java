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
package io.hudibeam.metadatatable;

import io.hudibeam.basefile.BaseFileResult;
import io.hudibeam.basefile.BloomFilterSettings;
import io.hudibeam.basefile.HFileBaseFileWriter;
import io.hudibeam.hfile.HFileSettings;
import io.hudibeam.timeline.InstantTime;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A new base file of a metadata partition ({@code files}; {@code column_stats} and {@code
 * partition_stats} at compaction), as the initialisation and the compaction write it: an HFile of
 * metadata records, given in key order, named {@code <fileId>_<write token>_<instant>.hfile} with
 * Hudi's HFile settings and bloom filter; a partial file is aborted on failure.
 *
 * @param partition the metadata partition (the folder's name)
 * @param name the file's name in the partition folder
 * @param result what was written
 */
record FilesBaseFile(String partition, String name, BaseFileResult result) {

  static FilesBaseFile write(
      FileSystem fs,
      Path folder,
      String fileId,
      InstantTime instant,
      Schema schema,
      Iterable<GenericRecord> records) {
    String name =
        fileId + "_" + MetadataDeltaCommits.WRITE_TOKEN.value() + "_" + instant.value() + ".hfile";
    HFileBaseFileWriter writer =
        HFileBaseFileWriter.create(
            fs.getConf(),
            new Path(folder, name),
            schema,
            HFileSettings.hudiDefaults(),
            BloomFilterSettings.defaults());
    try {
      for (GenericRecord record : records) {
        writer.write(record.get("key").toString(), record);
      }
      return new FilesBaseFile(folder.getName(), name, writer.close());
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  /** The file's path relative to the metadata table's base path. */
  String relativePath() {
    return partition + "/" + name;
  }
}
