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
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.POutput;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.config.HoodieConfig;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieAvroIndexedRecord;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.log.HoodieMergedLogRecordScanner;
import org.apache.hudi.common.table.timeline.HoodieInstant;
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

/**
 * What the table-version-8 tests share: the rides they write (HudiIO on the DirectRunner), the
 * bootstrap source they bootstrap, and Hudi 1.0's reads of the table (meta client, in-memory file
 * system view, base files by {@link HudiOneCommits}, log files by {@code
 * HoodieMergedLogRecordScanner}), row by row: record key to [ts, rider (where the schema has one),
 * city, commit time].
 */
final class VersionEightReads {
  static final List<String> CITIES = List.of("amsterdam", "lisbon", "oslo");

  /** The rides HudiIO writes: the rider optional (null for every fourth ride). */
  static final Schema RIDES =
      SchemaBuilder.record("rides_record")
          .namespace("hoodie.rides")
          .fields()
          .requiredString("uuid")
          .requiredLong("ts")
          .optionalString("rider")
          .requiredString("city")
          .endRecord();

  /** The rows of a bootstrap source: no rider. */
  static final Schema SOURCE =
      SchemaBuilder.record("rides_record")
          .namespace("hoodie.rides")
          .fields()
          .requiredString("uuid")
          .requiredLong("ts")
          .requiredString("city")
          .endRecord();

  private VersionEightReads() {}

  /** A row of {@link #SOURCE}. */
  static GenericRecord sourceRide(String uuid, long ts, String city) {
    GenericData.Record r = new GenericData.Record(SOURCE);
    r.put("uuid", uuid);
    r.put("ts", ts);
    r.put("city", city);
    return r;
  }

  static String key(int i) {
    return String.format("ride-%04d", i);
  }

  /** Ride {@code i} of batch {@code b}. */
  static GenericRecord ride(int b, int i) {
    GenericData.Record r = new GenericData.Record(RIDES);
    r.put("uuid", key(i));
    r.put("ts", 1_700_000_000_000L + 1000L * b + i);
    r.put("rider", i % 4 == 3 ? null : "rider-" + b + "-" + i);
    r.put("city", CITIES.get(i % CITIES.size()));
    return r;
  }

  static List<GenericRecord> rides(int b, int... indexes) {
    return Arrays.stream(indexes).mapToObj(i -> ride(b, i)).collect(Collectors.toList());
  }

  /** The row Hudi should read for ride {@code i} of batch {@code b} written at {@code commit}. */
  static List<Object> expected(int b, int i, String commit) {
    GenericRecord r = ride(b, i);
    return Arrays.asList(r.get("ts"), r.get("rider"), r.get("city"), commit);
  }

  /** HudiIO's write of the rides table at {@code base}: keyed by uuid, by city, ordered by ts. */
  static HudiIO.Write<GenericRecord> ridesWrite(String base, WriteOperation operation) {
    return HudiIO.writeGenericRecords()
        .withBasePath(base)
        .withTableName("rides")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withOperation(operation);
  }

  /** HudiIO's bootstrap of {@code source} ({@link #writeSource}) into a version 8 rides table. */
  static HudiBootstrap bootstrap(File source, String base, HudiBootstrap.Mode mode) {
    return HudiIO.bootstrap()
        .withSourcePath(source.getAbsolutePath())
        .withBasePath(base)
        .withTableName("rides")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withTableVersion(8)
        .withMode(mode);
  }

  /** Runs {@code bootstrap} to the end. */
  static void runBootstrap(HudiBootstrap bootstrap) {
    Pipeline p = pipeline();
    p.apply(bootstrap);
    p.run().waitUntilFinish();
  }

  static Pipeline pipeline() {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    return Pipeline.create(options);
  }

  /** Runs {@code write} over {@code records} of {@code schema} to the end. */
  static void run(
      Schema schema,
      List<GenericRecord> records,
      PTransform<PCollection<GenericRecord>, ? extends POutput> write) {
    Pipeline p = pipeline();
    p.apply(Create.of(records).withCoder(AvroCoder.of(schema))).apply(write);
    p.run().waitUntilFinish();
  }

  static HoodieTableMetaClient meta(String base) {
    return meta(base, Map.of());
  }

  /** The meta client of the table at {@code base}, with {@code hadoopSettings} (S3A's, say). */
  static HoodieTableMetaClient meta(String base, Map<String, String> hadoopSettings) {
    Configuration conf = new Configuration();
    hadoopSettings.forEach(conf::set);
    return HoodieTableMetaClient.builder()
        .setConf(HadoopFSUtils.getStorageConfWithCopy(conf))
        .setBasePath(base)
        .build();
  }

  /** Hudi 1.0's in-memory file system view, listing storage or the metadata table. */
  static HoodieTableFileSystemView view(HoodieTableMetaClient meta, boolean throughMetadata) {
    return FileSystemViewManager.createInMemoryFileSystemView(
        new HoodieLocalEngineContext(meta.getStorageConf()),
        meta,
        HoodieMetadataConfig.newBuilder().enable(throughMetadata).build());
  }

  /** The view a reader gets by default. */
  static HoodieTableFileSystemView view(HoodieTableMetaClient meta) {
    return view(meta, HoodieMetadataConfig.DEFAULT_METADATA_ENABLE_FOR_READERS);
  }

  /** The requested times of the completed instants of the commits timeline, oldest first. */
  static List<String> completedCommits(HoodieTableMetaClient meta) {
    return meta
        .getActiveTimeline()
        .getCommitsTimeline()
        .filterCompletedInstants()
        .getInstants()
        .stream()
        .map(HoodieInstant::requestedTime)
        .collect(Collectors.toList());
  }

  /** The commit metadata of {@code instant}, read by Hudi 1.0. */
  static HoodieCommitMetadata commitMetadata(HoodieTableMetaClient meta, HoodieInstant instant)
      throws Exception {
    return meta.getCommitMetadataSerDe()
        .deserialize(
            instant,
            meta.getActiveTimeline().getInstantDetails(instant).get(),
            HoodieCommitMetadata.class);
  }

  static String latestCompleted(HoodieTableMetaClient meta) {
    return meta.getActiveTimeline()
        .getCommitsTimeline()
        .filterCompletedInstants()
        .lastInstant()
        .get()
        .requestedTime();
  }

  static String key(GenericRecord r) {
    return r.get(HoodieRecord.RECORD_KEY_METADATA_FIELD).toString();
  }

  /** [ts, rider (if the record has the field), city, commit time]. */
  static List<Object> row(GenericRecord r) {
    List<Object> row = new ArrayList<>();
    row.add(r.get("ts"));
    if (r.getSchema().getField("rider") != null) {
      row.add(r.get("rider") == null ? null : r.get("rider").toString());
    }
    row.add(r.get("city").toString());
    row.add(r.get(HoodieRecord.COMMIT_TIME_METADATA_FIELD).toString());
    return row;
  }

  /**
   * Hudi 1.0's snapshot of the base files (or time travel to {@code asOf}, if not null), row by
   * row, each row checked for its partition and file name and for a duplicate key.
   */
  static Map<String, List<Object>> baseFileRows(
      HoodieTableMetaClient meta, Schema schema, boolean throughMetadata, String asOf)
      throws Exception {
    HudiOneCommits reader = new HudiOneCommits(meta, schema);
    Map<String, List<Object>> rows = new TreeMap<>();
    try (HoodieTableFileSystemView view = view(meta, throughMetadata)) {
      for (String partition : CITIES) {
        Stream<HoodieBaseFile> files =
            asOf == null
                ? view.getLatestBaseFiles(partition)
                : view.getLatestBaseFilesBeforeOrOn(partition, asOf);
        for (HoodieBaseFile file : files.collect(Collectors.toList())) {
          for (Map.Entry<String, GenericRecord> e : reader.read(file).entrySet()) {
            GenericRecord r = e.getValue();
            assertThat(r.get(HoodieRecord.PARTITION_PATH_METADATA_FIELD).toString(), is(partition));
            assertThat(
                r.get(HoodieRecord.FILENAME_METADATA_FIELD).toString(), is(file.getFileName()));
            Object previous = rows.put(e.getKey(), row(r));
            assertThat("duplicate " + e.getKey(), previous == null, is(true));
          }
        }
      }
    }
    return rows;
  }

  /**
   * Puts the rows of base file {@code file} in {@code rows}, each checked for its partition and for
   * a duplicate key: a skeleton file (one with a bootstrap base file attached by the view) joined
   * with its source file by Hudi 1.0's bootstrap file reader, any other base file as it is.
   */
  static void putBaseFileRows(
      HoodieTableMetaClient meta,
      HoodieBaseFile file,
      String partition,
      Schema withMeta,
      Map<String, List<Object>> rows)
      throws Exception {
    HoodieFileReaderFactory factory =
        HoodieIOFactory.getIOFactory(meta.getStorage())
            .getReaderFactory(HoodieRecord.HoodieRecordType.AVRO);
    HoodieFileReader<?> base = factory.getFileReader(new HoodieConfig(), file.getStoragePath());
    try (HoodieFileReader<?> reader =
            file.getBootstrapBaseFile().isPresent()
                ? factory.newBootstrapFileReader(
                    base,
                    factory.getFileReader(
                        new HoodieConfig(), file.getBootstrapBaseFile().get().getStoragePath()),
                    Option.empty(),
                    new Object[0])
                : base;
        ClosableIterator<? extends HoodieRecord<?>> it = reader.getRecordIterator(withMeta)) {
      while (it.hasNext()) {
        GenericRecord r = (GenericRecord) it.next().getData();
        assertThat(r.get(HoodieRecord.PARTITION_PATH_METADATA_FIELD).toString(), is(partition));
        Object previous = rows.put(key(r), row(r));
        assertThat("duplicate " + key(r), previous == null, is(true));
      }
    }
  }

  /** The latest file slices of every partition, from the default view. */
  static List<FileSlice> latestSlices(HoodieTableMetaClient meta) throws Exception {
    try (HoodieTableFileSystemView view = view(meta)) {
      List<FileSlice> slices = new ArrayList<>();
      for (String partition : CITIES) {
        view.getLatestFileSlices(partition).forEach(slices::add);
      }
      return slices;
    }
  }

  /** The log files of {@code slice}, oldest first as Hudi's readers scan them. */
  static List<HoodieLogFile> logFiles(FileSlice slice) {
    return slice
        .getLogFiles()
        .sorted(HoodieLogFile.getLogFileComparator())
        .collect(Collectors.toList());
  }

  /**
   * Merges {@code logs} onto {@code rows} with Hudi 1.0's merged log scanner up to {@code latest}:
   * a record's row replaces its key's, a delete removes the key.
   */
  static void mergeLogs(
      HoodieTableMetaClient meta,
      List<HoodieLogFile> logs,
      Schema withMeta,
      String latest,
      File spill,
      Map<String, List<Object>> rows)
      throws Exception {
    try (HoodieMergedLogRecordScanner scanner =
        HoodieMergedLogRecordScanner.newBuilder()
            .withStorage(meta.getStorage())
            .withBasePath(meta.getBasePath().toString())
            .withLogFilePaths(
                logs.stream().map(l -> l.getPath().toString()).collect(Collectors.toList()))
            .withReaderSchema(withMeta)
            .withBufferSize(1024 * 1024)
            .withLatestInstantTime(latest)
            .withMaxMemorySizeInBytes(64L * 1024 * 1024)
            .withSpillableMapBasePath(spill.getPath())
            .withDiskMapType(ExternalSpillableMap.DiskMapType.BITCASK)
            .withBitCaskDiskMapCompressionEnabled(false)
            .withTableMetaClient(meta)
            .build()) {
      for (HoodieRecord<?> record : scanner.getRecords().values()) {
        Option<HoodieAvroIndexedRecord> data = record.toIndexedRecord(withMeta, new Properties());
        if (data.isPresent()) {
          GenericRecord r = (GenericRecord) data.get().getData();
          rows.put(key(r), row(r));
        } else {
          rows.remove(record.getRecordKey());
        }
      }
    }
  }

  /**
   * Updates of two skeleton file groups of {@link #writeSource}'s table (amsterdam part-0, oslo
   * part-1) and a new key in amsterdam (so lisbon stays untouched: an insert may land in either
   * small file group of its city).
   */
  static List<GenericRecord> skeletonUpdatesAndANewKey() {
    return List.of(
        sourceRide("ride-001", 9000L, "amsterdam"),
        sourceRide("ride-016", 9001L, "oslo"),
        sourceRide("ride-900", 9002L, "amsterdam"));
  }

  /**
   * Writes a bootstrap source: 3 plain partition folders × 2 Parquet files × 3 rows (the city in
   * the rows), amsterdam ride-000..005, lisbon ride-006..011, oslo ride-012..017, part-0 the first
   * 3 of each; returns key to [ts, city, {@code instant}].
   */
  static Map<String, List<Object>> writeSource(File source, String instant) throws Exception {
    Map<String, List<Object>> expected = new TreeMap<>();
    int n = 0;
    for (String city : CITIES) {
      for (int f = 0; f < 2; f++) {
        try (ParquetWriter<GenericRecord> writer =
            AvroParquetWriter.<GenericRecord>builder(
                    new Path(new File(source, city + "/part-" + f + ".parquet").getAbsolutePath()))
                .withSchema(SOURCE)
                .withConf(new Configuration())
                .build()) {
          for (int i = 0; i < 3; i++, n++) {
            String uuid = String.format("ride-%03d", n);
            writer.write(sourceRide(uuid, 1000L + n, city));
            expected.put(uuid, Arrays.asList(1000L + n, city, instant));
          }
        }
      }
    }
    return expected;
  }

  /** Every file Hudi 1.0's metadata reader lists, relative to the base path. */
  static java.util.TreeSet<String> metadataListing(HoodieTableMetaClient meta) throws Exception {
    String base = meta.getBasePath().toString();
    java.util.TreeSet<String> listed = new java.util.TreeSet<>();
    try (org.apache.hudi.metadata.HoodieBackedTableMetadata metadata =
        new org.apache.hudi.metadata.HoodieBackedTableMetadata(
            new org.apache.hudi.common.engine.HoodieLocalEngineContext(meta.getStorageConf()),
            meta.getStorage(),
            org.apache.hudi.common.config.HoodieMetadataConfig.newBuilder().enable(true).build(),
            base)) {
      for (String partition : metadata.getAllPartitionPaths()) {
        metadata
            .getAllFilesInPartition(new org.apache.hudi.storage.StoragePath(base, partition))
            .forEach(f -> listed.add(partition + "/" + f.getPath().getName()));
      }
    }
    return listed;
  }
}
