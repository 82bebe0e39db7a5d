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
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
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
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieAvroIndexedRecord;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.log.HoodieLogFormat;
import org.apache.hudi.common.table.log.HoodieMergedLogRecordScanner;
import org.apache.hudi.common.table.log.block.HoodieAvroDataBlock;
import org.apache.hudi.common.table.log.block.HoodieLogBlock;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.view.FileSystemViewManager;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.collection.ExternalSpillableMap;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A merge-on-read table of version 8 written by {@code HudiIO.write()} (DirectRunner) with {@code
 * hoodie.logfile.data.block.max.size} of 2 KiB: each file group's log file of the upsert holds
 * several Avro data blocks, and Hudi 1.0's log reader ({@code HoodieLogFormat}) and merged log
 * scanner ({@code HoodieMergedLogRecordScanner}) over the latest file slices, merged with their
 * base files, give every row, the later delete included.
 */
public class HudiOneReadsLogBlocksTest {
  private static final List<String> CITIES = List.of("amsterdam", "lisbon", "oslo");
  private static final Schema SCHEMA =
      SchemaBuilder.record("rides_record")
          .namespace("hoodie.rides")
          .fields()
          .requiredString("uuid")
          .requiredLong("ts")
          .optionalString("rider")
          .requiredString("city")
          .endRecord();
  private static final Schema WITH_META = HoodieAvroUtils.addMetadataFields(SCHEMA);
  private static final int RIDES = 300;
  private static final int DELETED = 30;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();

  private static GenericRecord ride(int b, int i) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("uuid", String.format("ride-%04d", i));
    r.put("ts", 1_700_000_000_000L + 1000L * b + i);
    r.put("rider", "rider-" + b + "-" + i);
    r.put("city", CITIES.get(i % CITIES.size()));
    return r;
  }

  private static List<GenericRecord> rides(int b, int count) {
    List<GenericRecord> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(ride(b, i));
    }
    return out;
  }

  private static void run(String base, List<GenericRecord> records, WriteOperation operation) {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    Pipeline p = Pipeline.create(options);
    p.apply(Create.of(records).withCoder(AvroCoder.of(SCHEMA)))
        .apply(
            HudiIO.writeGenericRecords()
                .withBasePath(base)
                .withTableName("rides")
                .withRecordKeyFields("uuid")
                .withPartitionFields("city")
                .withOrderingField("ts")
                .withTableVersion(8)
                .withTableType(TableType.MERGE_ON_READ)
                .withOperation(operation)
                .withHoodieProperties(Map.of("hoodie.logfile.data.block.max.size", "2048")));
    p.run().waitUntilFinish();
  }

  private static List<Object> row(GenericRecord r) {
    return Arrays.asList(
        r.get("ts"),
        r.get("rider").toString(),
        r.get("city").toString(),
        r.get(HoodieRecord.COMMIT_TIME_METADATA_FIELD).toString());
  }

  @Test
  public void hudiOneMergesTheSeveralDataBlocksOfEachLogFile() throws Exception {
    String base = new File(tmp.getRoot(), "rides").getPath();
    run(base, rides(0, RIDES), WriteOperation.INSERT);
    run(base, rides(1, RIDES), WriteOperation.UPSERT);
    run(base, rides(2, DELETED), WriteOperation.DELETE);

    HoodieTableMetaClient meta =
        HoodieTableMetaClient.builder()
            .setConf(HadoopFSUtils.getStorageConfWithCopy(conf))
            .setBasePath(base)
            .build();
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    List<String> instants =
        meta
            .getActiveTimeline()
            .getCommitsTimeline()
            .filterCompletedInstants()
            .getInstants()
            .stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toList());
    assertThat(instants.size(), is(3));
    String upsert = instants.get(1);
    String latest = instants.get(2);

    HudiOneCommits baseFiles = new HudiOneCommits(meta, SCHEMA);
    Map<String, List<Object>> rows = new TreeMap<>();
    int upsertLogFiles = 0;
    try (HoodieTableFileSystemView view =
        FileSystemViewManager.createInMemoryFileSystemView(
            new HoodieLocalEngineContext(meta.getStorageConf()),
            meta,
            HoodieMetadataConfig.newBuilder()
                .enable(HoodieMetadataConfig.DEFAULT_METADATA_ENABLE_FOR_READERS)
                .build())) {
      for (String partition : CITIES) {
        for (FileSlice slice : view.getLatestFileSlices(partition).collect(Collectors.toList())) {
          baseFiles.read(slice.getBaseFile().get()).values().forEach(r -> put(rows, r));
          List<String> logs = new ArrayList<>();
          // Oldest first, as Hudi's readers scan them (a slice lists its log files newest first).
          for (HoodieLogFile log :
              slice
                  .getLogFiles()
                  .sorted(HoodieLogFile.getLogFileComparator())
                  .collect(Collectors.toList())) {
            logs.add(log.getPath().toString());
            if (log.getDeltaCommitTime().equals(upsert)) {
              upsertLogFiles++;
              assertThat(log.getFileName(), dataBlocks(meta, log), greaterThan(3));
            }
          }
          try (HoodieMergedLogRecordScanner scanner =
              HoodieMergedLogRecordScanner.newBuilder()
                  .withStorage(meta.getStorage())
                  .withBasePath(base)
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
                put(rows, (GenericRecord) data.get().getData());
              } else {
                rows.remove(record.getRecordKey());
              }
            }
          }
        }
      }
    }
    assertThat(upsertLogFiles, is(CITIES.size()));
    Map<String, List<Object>> expected = new TreeMap<>();
    for (int i = DELETED; i < RIDES; i++) {
      GenericRecord r = ride(1, i);
      expected.put(
          r.get("uuid").toString(),
          Arrays.asList(r.get("ts"), r.get("rider"), r.get("city"), upsert));
    }
    assertThat(rows, is(expected));
  }

  private static void put(Map<String, List<Object>> rows, GenericRecord r) {
    rows.put(r.get(HoodieRecord.RECORD_KEY_METADATA_FIELD).toString(), row(r));
  }

  /** The Avro data blocks of {@code log}, read with Hudi 1.0's log reader. */
  private static int dataBlocks(HoodieTableMetaClient meta, HoodieLogFile log) throws Exception {
    int blocks = 0;
    try (HoodieLogFormat.Reader reader =
        HoodieLogFormat.newReader(meta.getStorage(), log, WITH_META)) {
      while (reader.hasNext()) {
        HoodieLogBlock block = reader.next();
        if (block instanceof HoodieAvroDataBlock) {
          blocks++;
        }
      }
    }
    return blocks;
  }
}
