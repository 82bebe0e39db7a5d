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
package io.hudibeam.compat.hudi1;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiBootstrap;
import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.config.HoodieConfig;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieAvroIndexedRecord;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.log.HoodieMergedLogRecordScanner;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.view.FileSystemViewManager;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.common.util.collection.ExternalSpillableMap;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.apache.hudi.io.storage.HoodieFileReader;
import org.apache.hudi.io.storage.HoodieFileReaderFactory;
import org.apache.hudi.io.storage.HoodieIOFactory;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A MERGE_ON_READ table of version 8 bootstrapped METADATA_ONLY by {@code HudiIO.bootstrap()},
 * upserted and deleted by HudiIO (log files on the skeleton file slices), then compacted by {@code
 * HudiIO.compact()}; Hudi 1.0 reads every row exact after each step: each latest file slice's base
 * file (a skeleton file joined with its source file by Hudi's bootstrap file reader, or a regular
 * base file) with its log files merged on top by Hudi's merged log scanner ({@code
 * HoodieMergedLogRecordScanner}), as in {@code HudiOneReadsLogBlocksTest}.
 */
public class HudiIOBootstrapMergeOnReadVersionEightTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String METADATA_BOOTSTRAP = "00000000000001";
  private static final List<String> CITIES = List.of("amsterdam", "lisbon", "oslo");
  private static final Schema SCHEMA =
      SchemaBuilder.record("rides_record")
          .namespace("hoodie.rides")
          .fields()
          .requiredString("uuid")
          .requiredLong("ts")
          .requiredString("city")
          .endRecord();
  private static final Schema WITH_META = HoodieAvroUtils.addMetadataFields(SCHEMA);

  private final Configuration conf = new Configuration();

  private static GenericRecord ride(String uuid, long ts, String city) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("uuid", uuid);
    r.put("ts", ts);
    r.put("city", city);
    return r;
  }

  private static Pipeline pipeline() {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    return Pipeline.create(options);
  }

  private HoodieTableMetaClient meta(String base) {
    return HoodieTableMetaClient.builder()
        .setConf(HadoopFSUtils.getStorageConfWithCopy(conf))
        .setBasePath(base)
        .build();
  }

  /**
   * 3 plain partition folders × 2 files × 3 rows (the city in the rows): amsterdam ride-000..005,
   * lisbon ride-006..011, oslo ride-012..017, part-0 the first 3 of each; returns key to [ts, city,
   * {@code 00000000000001}].
   */
  private Map<String, List<Object>> writeSource(File source) throws Exception {
    Map<String, List<Object>> expected = new TreeMap<>();
    int n = 0;
    for (String city : CITIES) {
      for (int f = 0; f < 2; f++) {
        try (ParquetWriter<GenericRecord> writer =
            AvroParquetWriter.<GenericRecord>builder(
                    new Path(new File(source, city + "/part-" + f + ".parquet").getAbsolutePath()))
                .withSchema(SCHEMA)
                .withConf(conf)
                .build()) {
          for (int i = 0; i < 3; i++, n++) {
            String uuid = String.format("ride-%03d", n);
            writer.write(ride(uuid, 1000L + n, city));
            expected.put(uuid, Arrays.asList(1000L + n, city, METADATA_BOOTSTRAP));
          }
        }
      }
    }
    return expected;
  }

  private static void write(String base, WriteOperation operation, List<GenericRecord> rows) {
    Pipeline p = pipeline();
    p.apply(Create.of(rows).withCoder(AvroCoder.of(SCHEMA)))
        .apply(
            HudiIO.writeGenericRecords()
                .withBasePath(base)
                .withTableName("rides")
                .withRecordKeyFields("uuid")
                .withPartitionFields("city")
                .withOrderingField("ts")
                .withTableType(TableType.MERGE_ON_READ)
                // No small files: the new key goes to a new file group, so every update and
                // delete lands in a log file of its skeleton slice (by default the skeleton file
                // group that takes the insert is rewritten with it into a base file, as Hudi does).
                .withSmallFileLimit(0)
                .withOperation(operation));
    p.run().waitUntilFinish();
  }

  private List<HoodieInstant> completed(String base) {
    return meta(base)
        .getActiveTimeline()
        .getCommitsTimeline()
        .filterCompletedInstants()
        .getInstants();
  }

  @Test
  public void aMergeOnReadMetadataOnlyBootstrapAtVersionEightIsUpsertedThenCompacted()
      throws Exception {
    File source = tmp.newFolder("source");
    Map<String, List<Object>> expected = writeSource(source);
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Pipeline p = pipeline();
    p.apply(
        HudiIO.bootstrap()
            .withSourcePath(source.getAbsolutePath())
            .withBasePath(base)
            .withTableName("rides")
            .withRecordKeyFields("uuid")
            .withPartitionFields("city")
            .withOrderingField("ts")
            .withTableVersion(8)
            .withTableType(TableType.MERGE_ON_READ)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    p.run().waitUntilFinish();
    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(meta.getTableType(), is(HoodieTableType.MERGE_ON_READ));
    List<HoodieInstant> commits = completed(base);
    assertThat(commits.size(), is(1));
    assertThat(commits.get(0).requestedTime(), is(METADATA_BOOTSTRAP));
    assertThat(commits.get(0).getAction(), is(HoodieTimeline.DELTA_COMMIT_ACTION));
    Slices slices = new Slices();
    assertThat(hudiRows(meta, slices), is(expected));
    assertThat(slices.skeletons, is(6));

    // Updates in two skeleton file groups (amsterdam part-0, oslo part-1) and a new key (a new file
    // group), then a delete in a third (lisbon part-0): log files on the skeleton slices.
    write(
        base,
        WriteOperation.UPSERT,
        List.of(
            ride("ride-001", 9000L, "amsterdam"),
            ride("ride-016", 9001L, "oslo"),
            ride("ride-900", 9002L, "amsterdam")));
    String upsert = completed(base).get(1).requestedTime();
    write(base, WriteOperation.DELETE, List.of(ride("ride-007", 0L, "lisbon")));
    assertThat(completed(base).size(), is(3));
    expected.put("ride-001", Arrays.asList(9000L, "amsterdam", upsert));
    expected.put("ride-016", Arrays.asList(9001L, "oslo", upsert));
    expected.put("ride-900", Arrays.asList(9002L, "amsterdam", upsert));
    expected.remove("ride-007");
    slices = new Slices();
    assertThat(hudiRows(meta(base), slices), is(expected));
    // The three updated or deleted file groups are skeleton slices with log files; the new key is
    // in a new file group's base file.
    assertThat(slices.skeletonsWithLogs, is(3));
    assertThat(slices.logFiles, is(3));
    assertThat(slices.skeletons, is(6));

    Pipeline compact = pipeline();
    compact.apply(
        HudiIO.compact()
            .withBasePath(base)
            .withHoodieProperties(Map.of("hoodie.compact.inline.max.delta.commits", "1")));
    compact.run().waitUntilFinish();
    List<HoodieInstant> after = completed(base);
    assertThat(after.size(), is(4));
    assertThat(after.get(3).getAction(), is(HoodieTimeline.COMMIT_ACTION));
    slices = new Slices();
    assertThat(hudiRows(meta(base), slices), is(expected));
    assertThat(slices.logFiles, is(0));
    // The compacted file groups have regular base files; the untouched ones are still skeletons.
    assertThat(slices.skeletons, is(3));
  }

  /** What {@link #hudiRows} saw of the latest file slices. */
  private static final class Slices {
    int skeletons;
    int skeletonsWithLogs;
    int logFiles;
  }

  /**
   * Hudi 1.0's snapshot as key to [ts, city, commit time]: each latest file slice's base file (a
   * skeleton file through the view's attached source file and Hudi's bootstrap file reader, another
   * base file as it is), then its log files (oldest first) through Hudi's merged log scanner, whose
   * records replace the base file's of their key or delete it.
   */
  private Map<String, List<Object>> hudiRows(HoodieTableMetaClient meta, Slices seen)
      throws Exception {
    Map<String, List<Object>> rows = new TreeMap<>();
    HoodieFileReaderFactory factory =
        HoodieIOFactory.getIOFactory(meta.getStorage())
            .getReaderFactory(HoodieRecord.HoodieRecordType.AVRO);
    String latest =
        meta.getActiveTimeline()
            .getCommitsTimeline()
            .filterCompletedInstants()
            .lastInstant()
            .get()
            .requestedTime();
    try (HoodieTableFileSystemView view =
        FileSystemViewManager.createInMemoryFileSystemView(
            new HoodieLocalEngineContext(meta.getStorageConf()),
            meta,
            HoodieMetadataConfig.newBuilder()
                .enable(HoodieMetadataConfig.DEFAULT_METADATA_ENABLE_FOR_READERS)
                .build())) {
      for (String partition : CITIES) {
        for (FileSlice slice : view.getLatestFileSlices(partition).collect(Collectors.toList())) {
          List<String> logs =
              slice
                  .getLogFiles()
                  .sorted(HoodieLogFile.getLogFileComparator())
                  .map(l -> l.getPath().toString())
                  .collect(Collectors.toList());
          seen.logFiles += logs.size();
          if (slice.getBaseFile().isPresent()) {
            HoodieBaseFile file = slice.getBaseFile().get();
            boolean skeleton = file.getCommitTime().equals(METADATA_BOOTSTRAP);
            assertThat(file.getPath(), file.getBootstrapBaseFile().isPresent(), is(skeleton));
            if (skeleton) {
              seen.skeletons++;
              seen.skeletonsWithLogs += logs.isEmpty() ? 0 : 1;
            }
            HoodieFileReader<?> baseReader =
                factory.getFileReader(new HoodieConfig(), file.getStoragePath());
            try (HoodieFileReader<?> reader =
                    skeleton
                        ? factory.newBootstrapFileReader(
                            baseReader,
                            factory.getFileReader(
                                new HoodieConfig(),
                                file.getBootstrapBaseFile().get().getStoragePath()),
                            Option.empty(),
                            new Object[0])
                        : baseReader;
                ClosableIterator<? extends HoodieRecord<?>> it =
                    reader.getRecordIterator(WITH_META)) {
              while (it.hasNext()) {
                GenericRecord r = (GenericRecord) it.next().getData();
                assertThat(
                    r.get(HoodieRecord.PARTITION_PATH_METADATA_FIELD).toString(), is(partition));
                Object previous = rows.put(key(r), row(r));
                assertThat("duplicate " + key(r), previous == null, is(true));
              }
            }
          }
          if (logs.isEmpty()) {
            continue;
          }
          try (HoodieMergedLogRecordScanner scanner =
              HoodieMergedLogRecordScanner.newBuilder()
                  .withStorage(meta.getStorage())
                  .withBasePath(meta.getBasePath().toString())
                  .withLogFilePaths(logs)
                  .withReaderSchema(WITH_META)
                  .withBufferSize(1024 * 1024)
                  .withLatestInstantTime(latest)
                  .withMaxMemorySizeInBytes(64L * 1024 * 1024)
                  .withSpillableMapBasePath(tmp.newFolder().getPath())
                  .withDiskMapType(ExternalSpillableMap.DiskMapType.BITCASK)
                  .withBitCaskDiskMapCompressionEnabled(false)
                  .withTableMetaClient(meta)
                  .build()) {
            for (HoodieRecord<?> record : scanner.getRecords().values()) {
              Option<HoodieAvroIndexedRecord> data =
                  record.toIndexedRecord(WITH_META, new Properties());
              if (data.isPresent()) {
                GenericRecord r = (GenericRecord) data.get().getData();
                rows.put(key(r), row(r));
              } else {
                rows.remove(record.getRecordKey());
              }
            }
          }
        }
      }
    }
    return rows;
  }

  private static String key(GenericRecord r) {
    return r.get(HoodieRecord.RECORD_KEY_METADATA_FIELD).toString();
  }

  private static List<Object> row(GenericRecord r) {
    return Arrays.asList(
        r.get("ts"),
        r.get("city").toString(),
        r.get(HoodieRecord.COMMIT_TIME_METADATA_FIELD).toString());
  }
}
