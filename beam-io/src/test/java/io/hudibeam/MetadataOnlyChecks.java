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
import static org.hamcrest.Matchers.startsWith;

import io.hudibeam.basefile.BaseFileFooter;
import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.bootstrap.index.BootstrapIndex;
import org.apache.hudi.common.model.BootstrapFileMapping;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieFileGroupId;

/**
 * Checks of a METADATA_ONLY bootstrap with Hudi 0.15's own classes: its bootstrap index reader
 * ({@code HFileBootstrapIndex}) and file-system view, and the skeleton files' footers.
 */
final class MetadataOnlyChecks {
  private MetadataOnlyChecks() {}

  /**
   * {@code rows} (as Hudi read them) are exactly {@code expected}'s keys, each with every field of
   * its expected row and its meta fields: the record key, the partition path {@code city=<city>}
   * and the commit time {@code commitTimes} gives its key, or {@code bootstrapInstant}.
   */
  static void assertBootstrappedRows(
      List<GenericRecord> rows,
      Map<String, GenericRecord> expected,
      Map<String, String> commitTimes,
      String bootstrapInstant) {
    Map<String, GenericRecord> byKey = HudiTableReader.byRecordKey(rows);
    assertThat(rows.size(), is(expected.size()));
    assertThat(byKey.keySet(), is(expected.keySet()));
    for (Map.Entry<String, GenericRecord> e : expected.entrySet()) {
      GenericRecord row = byKey.get(e.getKey());
      for (Schema.Field f : e.getValue().getSchema().getFields()) {
        assertThat(
            e.getKey() + "." + f.name(),
            String.valueOf(row.get(f.name())),
            is(String.valueOf(e.getValue().get(f.name()))));
      }
      assertThat(HudiTableReader.string(row, HudiIOTesting.RECORD_KEY), is(e.getKey()));
      assertThat(
          HudiTableReader.string(row, HudiIOTesting.PARTITION_PATH),
          is("city=" + e.getValue().get("city")));
      assertThat(
          e.getKey(),
          HudiTableReader.string(row, HudiIOTesting.COMMIT_TIME),
          is(commitTimes.getOrDefault(e.getKey(), bootstrapInstant)));
    }
  }

  /**
   * Hudi's bootstrap index of the table names the source base path, every partition, every file
   * group, and maps them to {@code partitions * filesPerPartition} distinct source files under
   * {@code source}, each in the partition of its folder.
   */
  static void assertIndex(
      HudiTableReader reader, File source, int partitions, int filesPerPartition) {
    BootstrapIndex index = BootstrapIndex.getBootstrapIndex(reader.metaClient());
    assertThat(index.useIndex(), is(true));
    String sourceBase = "file:" + source.getAbsolutePath();
    try (BootstrapIndex.IndexReader r = index.createReader()) {
      assertThat(r.getBootstrapBasePath(), is(sourceBase));
      List<String> indexed = r.getIndexedPartitionPaths();
      assertThat(indexed, is(reader.partitionPaths()));
      assertThat(indexed.size(), is(partitions));
      Set<String> sources = new TreeSet<>();
      for (String partition : indexed) {
        List<BootstrapFileMapping> mappings = r.getSourceFileMappingForPartition(partition);
        assertThat(partition, mappings.size(), is(filesPerPartition));
        for (BootstrapFileMapping m : mappings) {
          assertThat(m.getPartitionPath(), is(partition));
          assertThat(m.getBootstrapPartitionPath(), is(partition));
          String uri = m.getBootstrapFileStatus().getPath().getUri();
          assertThat(uri, startsWith(sourceBase + "/" + partition + "/"));
          assertThat(
              m.getBootstrapFileStatus().getLength(), is(new File(uri.substring(5)).length()));
          sources.add(uri);
        }
      }
      assertThat(sources.size(), is(partitions * filesPerPartition));
      List<HoodieFileGroupId> fileGroups = r.getIndexedFileGroupIds();
      assertThat(fileGroups.size(), is(partitions * filesPerPartition));
      Map<HoodieFileGroupId, BootstrapFileMapping> byId =
          r.getSourceFileMappingForFileIds(fileGroups);
      assertThat(byId.size(), is(fileGroups.size()));
      Set<String> again = new TreeSet<>();
      byId.values().forEach(m -> again.add(m.getBootstrapFileStatus().getPath().getUri()));
      assertThat(again, is(sources));
    }
  }

  /**
   * Every latest base file is a skeleton file with its source file attached by Hudi's file-system
   * view: the five meta fields only, {@code rowsPerFile} rows, bloom filter and key range.
   */
  static void assertSkeletonFiles(HudiTableReader reader, long rowsPerFile) {
    for (FileSlice slice : reader.latestFileSlices()) {
      var baseFile = slice.getBaseFile().get();
      assertThat(baseFile.getPath(), baseFile.getBootstrapBaseFile().isPresent(), is(true));
      BaseFileFooter footer =
          BaseFileReader.of(new Configuration(), new Path(baseFile.getPath())).readFooter();
      Schema schema = footer.avroSchema();
      assertThat(
          schema.getFields().stream().map(Schema.Field::name).toList(),
          is(
              List.of(
                  "_hoodie_commit_time",
                  "_hoodie_commit_seqno",
                  "_hoodie_record_key",
                  "_hoodie_partition_path",
                  "_hoodie_file_name")));
      assertThat(schema.getName(), is("HoodieRecordKey"));
      assertThat(footer.bloomFilter().isPresent(), is(true));
      assertThat(footer.minRecordKey().isPresent(), is(true));
      assertThat(footer.maxRecordKey().isPresent(), is(true));
      assertThat(
          BaseFileReader.of(new Configuration(), new Path(baseFile.getPath())).readRecords().size(),
          is((int) rowsPerFile));
    }
  }
}
