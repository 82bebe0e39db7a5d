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
package io.hudibeam.testing;

import io.hudibeam.table.HudiTableException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.avro.AvroSchemaUtils;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.config.HoodieConfig;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.fs.FSUtils;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieRecordPayload;
import org.apache.hudi.common.model.HoodieReplaceCommitMetadata;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableConfig;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.TableSchemaResolver;
import org.apache.hudi.common.table.log.HoodieMergedLogRecordScanner;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.common.util.collection.ExternalSpillableMap;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.apache.hudi.io.storage.HoodieAvroFileReader;
import org.apache.hudi.io.storage.HoodieIOFactory;
import org.apache.hudi.storage.HoodieStorage;
import org.apache.hudi.storage.StorageConfiguration;
import org.apache.hudi.storage.StoragePath;

/**
 * The reference reader: reads a Hudi table with Hudi 0.15's own classes, so tests prove what we
 * write is what Hudi sees. Test scope only.
 *
 * <p>Snapshot: {@link HoodieTableMetaClient}, the completed commits timeline (commit, deltacommit,
 * replacecommit) and a {@link HoodieTableFileSystemView} listed from storage (metadata table not
 * used), the latest merged file slice of every file group in every partition ({@code
 * FSUtils.getAllPartitionPaths} with the metadata table disabled). Base files are read by Hudi's
 * Avro Parquet reader ({@code HoodieIOFactory...getReaderFactory(AVRO).getFileReader});
 * merge-on-read log files are merged by {@link HoodieMergedLogRecordScanner} and the table's
 * payload ({@code combineAndGetUpdateValue}), as Hudi's realtime readers do. Every record keeps its
 * five meta fields. Each call reloads the table, so a reader sees writes made after it was created.
 * Instances are immutable.
 */
public final class HudiTableReader {
  private final String basePath;
  private final Map<String, String> hadoopSettings;

  private HudiTableReader(String basePath, Map<String, String> hadoopSettings) {
    this.basePath = Objects.requireNonNull(basePath, "basePath");
    this.hadoopSettings = Map.copyOf(hadoopSettings);
  }

  public static HudiTableReader of(String basePath) {
    return new HudiTableReader(basePath, Map.of());
  }

  /**
   * A reader whose Hadoop configuration also holds the given settings (an object store's endpoint
   * and credentials, for example).
   */
  public static HudiTableReader of(String basePath, Map<String, String> hadoopSettings) {
    return new HudiTableReader(basePath, hadoopSettings);
  }

  public static HudiTableReader of(File basePath) {
    return new HudiTableReader(basePath.getAbsolutePath(), Map.of());
  }

  public String basePath() {
    return basePath;
  }

  /**
   * A fresh meta client with the active timeline loaded, built with {@code
   * HoodieTableMetaClient.builder()}.
   */
  public HoodieTableMetaClient metaClient() {
    try {
      return HoodieTableMetaClient.builder()
          .setConf(storageConf())
          .setBasePath(basePath)
          .setLoadActiveTimelineOnLoad(true)
          .build();
    } catch (RuntimeException e) {
      throw new HudiTableException("Hudi cannot open the table at " + basePath, e);
    }
  }

  /**
   * {@code hoodie.properties} as Hudi's {@link HoodieTableConfig} parses (and checksum-validates)
   * it.
   */
  public HoodieTableConfig tableConfig() {
    return metaClient().getTableConfig();
  }

  /**
   * The table schema with the meta fields, by Hudi's {@link TableSchemaResolver} (latest commit's
   * schema).
   */
  public Schema tableSchema() {
    return tableSchema(metaClient());
  }

  /**
   * The completed instants of the commits timeline (commit, deltacommit, replacecommit), in order.
   */
  public List<String> completedInstantTimes() {
    return completedCommits(metaClient())
        .getInstantsAsStream()
        .map(HoodieInstant::getTimestamp)
        .collect(Collectors.toList());
  }

  /**
   * Every completed instant of the active timeline, any action ({@code commit}, {@code clean},
   * ...).
   */
  public List<HoodieInstant> completedInstants() {
    return metaClient().getActiveTimeline().filterCompletedInstants().getInstants();
  }

  /**
   * The partition paths, listed from storage (folders holding {@code .hoodie_partition_metadata}).
   */
  public List<String> partitionPaths() {
    return partitionPaths(metaClient());
  }

  /**
   * The latest merged file slice of every file group, as of the last completed commit, by
   * partition. The view sees pending compactions too, as Hudi 0.15's Spark file index builds it
   * ({@code BaseHoodieTableFileIndex}: completed commits and compactions), so the log files Hudi's
   * writers put into the new slice of a pending compaction are merged with the slice before it.
   */
  public List<FileSlice> latestFileSlices() {
    HoodieTableMetaClient meta = metaClient();
    List<FileSlice> out = new ArrayList<>();
    HoodieTimeline timeline = completedCommits(meta);
    Option<HoodieInstant> last = timeline.lastInstant();
    if (!last.isPresent()) {
      return out;
    }
    HoodieTableFileSystemView view =
        new HoodieTableFileSystemView(
            meta, meta.getCommitsAndCompactionTimeline().filterCompletedAndCompactionInstants());
    try {
      for (String partition : partitionPaths(meta)) {
        view.getLatestMergedFileSlicesBeforeOrOn(partition, last.get().getTimestamp())
            .forEach(out::add);
      }
    } finally {
      view.close();
    }
    return out;
  }

  /** Every record of the latest snapshot, meta fields included, file slice by file slice. */
  public List<GenericRecord> snapshot() {
    HoodieTableMetaClient meta = metaClient();
    List<FileSlice> slices = latestFileSlices();
    if (slices.isEmpty()) {
      return List.of();
    }
    boolean mergeOnRead = meta.getTableType() == HoodieTableType.MERGE_ON_READ;
    Schema schema = mergeOnRead ? tableSchema(meta) : null;
    String lastInstant = completedCommits(meta).lastInstant().get().getTimestamp();
    List<GenericRecord> out = new ArrayList<>();
    for (FileSlice slice : slices) {
      List<HoodieLogFile> logs = slice.getLogFiles().collect(Collectors.toList());
      if (!mergeOnRead || logs.isEmpty()) {
        if (slice.getBaseFile().isPresent()) {
          out.addAll(readBaseFile(meta.getStorage(), slice.getBaseFile().get().getStoragePath()));
        }
      } else {
        out.addAll(mergeSlice(meta, slice, logs, schema, lastInstant));
      }
    }
    return out;
  }

  /**
   * The rows of the latest base files as Hudi 0.15 reads a bootstrapped table: Hudi's file-system
   * view attaches each skeleton file's source file from the bootstrap index ({@code
   * BaseFile.getBootstrapBaseFile}), and Hudi's {@code HoodieBootstrapFileReader} (from {@code
   * HoodieFileReaderFactory.newBootstrapFileReader}) joins skeleton row i to source row i, with the
   * partition fields' values from the partition path ({@code city=sf}, or the plain value). Other
   * base files are read as they are. {@code tableSchema} is without meta fields.
   */
  public List<GenericRecord> bootstrapSnapshot(Schema tableSchema, List<String> partitionFields) {
    HoodieTableMetaClient meta = metaClient();
    Schema schema = HoodieAvroUtils.addMetadataFields(tableSchema);
    List<GenericRecord> out = new ArrayList<>();
    for (FileSlice slice : latestFileSlices()) {
      if (slice.getBaseFile().isEmpty()) {
        continue;
      }
      org.apache.hudi.common.model.HoodieBaseFile base = slice.getBaseFile().get();
      if (base.getBootstrapBaseFile().isEmpty()) {
        out.addAll(readBaseFile(meta.getStorage(), base.getStoragePath(), schema));
        continue;
      }
      String[] values = slice.getPartitionPath().split("/");
      Object[] partitionValues = new Object[partitionFields.size()];
      for (int i = 0; i < partitionValues.length && i < values.length; i++) {
        String v = values[i];
        partitionValues[i] = v.contains("=") ? v.substring(v.indexOf('=') + 1) : v;
      }
      org.apache.hudi.io.storage.HoodieFileReaderFactory factory =
          HoodieIOFactory.getIOFactory(meta.getStorage())
              .getReaderFactory(HoodieRecord.HoodieRecordType.AVRO);
      try (org.apache.hudi.io.storage.HoodieFileReader<?> reader =
          factory.newBootstrapFileReader(
              factory.getFileReader(new HoodieConfig(), base.getStoragePath()),
              factory.getFileReader(
                  new HoodieConfig(), base.getBootstrapBaseFile().get().getStoragePath()),
              partitionFields.isEmpty()
                  ? Option.empty()
                  : Option.of(partitionFields.toArray(new String[0])),
              partitionValues)) {
        try (ClosableIterator<? extends HoodieRecord<?>> it = reader.getRecordIterator(schema)) {
          while (it.hasNext()) {
            out.add((GenericRecord) it.next().getData());
          }
        }
      } catch (IOException e) {
        throw new HudiTableException("Hudi cannot read bootstrap base file " + base.getPath(), e);
      }
    }
    return out;
  }

  /**
   * Every record of the latest snapshot of a copy-on-write table in the table's schema ({@link
   * #tableSchema()}), whatever schema each latest base file was written with, read as Hudi 0.15's
   * merge reads a base file ({@code HoodieMergeHelper.runMerge}): with the table schema as the read
   * schema when it is a strict projection of the file's ({@code
   * AvroSchemaUtils.isStrictProjectionOf}, fields added or dropped), otherwise with the file's
   * schema and each record rewritten by {@code HoodieAvroUtils.rewriteRecordWithNewSchema} (types
   * widened).
   */
  public List<GenericRecord> snapshotWithTableSchema() {
    HoodieTableMetaClient meta = metaClient();
    Schema schema = tableSchema(meta);
    List<GenericRecord> out = new ArrayList<>();
    for (FileSlice slice : latestFileSlices()) {
      if (slice.getBaseFile().isPresent()) {
        out.addAll(
            readBaseFile(meta.getStorage(), slice.getBaseFile().get().getStoragePath(), schema));
      }
    }
    return out;
  }

  /**
   * The read-optimized query: every record of the base files of the latest file slices, log files
   * ignored (Hudi's read-optimized view of a merge-on-read table; the snapshot of a copy-on-write
   * one).
   */
  public List<GenericRecord> readOptimized() {
    HoodieTableMetaClient meta = metaClient();
    List<GenericRecord> out = new ArrayList<>();
    for (FileSlice slice : latestFileSlices()) {
      if (slice.getBaseFile().isPresent()) {
        out.addAll(readBaseFile(meta.getStorage(), slice.getBaseFile().get().getStoragePath()));
      }
    }
    return out;
  }

  /** The latest snapshot keyed by {@code _hoodie_record_key}; fails on a duplicate key. */
  public Map<String, GenericRecord> snapshotByRecordKey() {
    return byRecordKey(snapshot());
  }

  /**
   * The latest snapshot as record key → its commit time and the values of {@code fields},
   * comma-separated (a compact form to compare snapshots with); fails on a duplicate key.
   */
  public java.util.TreeMap<String, String> snapshotSummary(String... fields) {
    java.util.TreeMap<String, String> out = new java.util.TreeMap<>();
    snapshotByRecordKey()
        .forEach(
            (key, r) -> {
              StringBuilder row =
                  new StringBuilder(string(r, HoodieRecord.COMMIT_TIME_METADATA_FIELD));
              for (String field : fields) {
                row.append(',').append(r.get(field));
              }
              out.put(key, row.toString());
            });
    return out;
  }

  /**
   * Records keyed by {@code _hoodie_record_key}, in input order. Throws an {@link AssertionError}
   * naming the key and both file names when a key occurs twice: a Hudi table holds each key once.
   */
  public static Map<String, GenericRecord> byRecordKey(List<GenericRecord> records) {
    Map<String, GenericRecord> out = new LinkedHashMap<>();
    for (GenericRecord r : records) {
      String key = string(r, HoodieRecord.RECORD_KEY_METADATA_FIELD);
      GenericRecord previous = out.put(key, r);
      if (previous != null) {
        throw new AssertionError(
            "duplicate record key "
                + key
                + " in files "
                + string(previous, HoodieRecord.FILENAME_METADATA_FIELD)
                + " and "
                + string(r, HoodieRecord.FILENAME_METADATA_FIELD));
      }
    }
    return out;
  }

  /**
   * An incremental read: the records whose {@code _hoodie_commit_time} is after {@code
   * instantTime}, up to the last completed commit. For copy-on-write this works as Hudi's COW
   * incremental relation: the {@link HoodieCommitMetadata} of each completed instant in range names
   * the files it wrote, the latest file per file id is read (file groups replaced by a
   * replacecommit in range are dropped) and its records filtered by commit time. For merge-on-read
   * it filters the merged snapshot by commit time.
   */
  public List<GenericRecord> incrementalSince(String instantTime) {
    HoodieTableMetaClient meta = metaClient();
    HoodieTimeline timeline = completedCommits(meta);
    Option<HoodieInstant> last = timeline.lastInstant();
    if (!last.isPresent()) {
      return List.of();
    }
    String end = last.get().getTimestamp();
    if (meta.getTableType() == HoodieTableType.MERGE_ON_READ) {
      return snapshot().stream()
          .filter(
              r -> inRange(string(r, HoodieRecord.COMMIT_TIME_METADATA_FIELD), instantTime, end))
          .collect(Collectors.toList());
    }
    Map<String, String> fileIdToPath = new LinkedHashMap<>();
    Set<String> replaced = new LinkedHashSet<>();
    for (HoodieInstant instant :
        timeline.findInstantsAfter(instantTime, Integer.MAX_VALUE).getInstants()) {
      byte[] bytes = timeline.getInstantDetails(instant).get();
      try {
        if (HoodieTimeline.REPLACE_COMMIT_ACTION.equals(instant.getAction())) {
          HoodieReplaceCommitMetadata replace =
              HoodieReplaceCommitMetadata.fromBytes(bytes, HoodieReplaceCommitMetadata.class);
          replace.getPartitionToReplaceFileIds().values().forEach(replaced::addAll);
          fileIdToPath.putAll(replace.getFileIdAndFullPaths(meta.getBasePathV2()));
        } else {
          fileIdToPath.putAll(
              HoodieCommitMetadata.fromBytes(bytes, HoodieCommitMetadata.class)
                  .getFileIdAndFullPaths(meta.getBasePathV2()));
        }
      } catch (IOException e) {
        throw new HudiTableException(
            "cannot parse the commit metadata of " + instant + " in " + basePath, e);
      }
    }
    List<GenericRecord> out = new ArrayList<>();
    for (Map.Entry<String, String> e : fileIdToPath.entrySet()) {
      if (replaced.contains(e.getKey())) {
        continue;
      }
      for (GenericRecord r : readBaseFile(meta.getStorage(), new StoragePath(e.getValue()))) {
        if (inRange(string(r, HoodieRecord.COMMIT_TIME_METADATA_FIELD), instantTime, end)) {
          out.add(r);
        }
      }
    }
    return out;
  }

  /**
   * Every record of one Parquet base file, read by Hudi's Avro Parquet reader with the file's
   * schema.
   */
  public List<GenericRecord> readBaseFile(String path) {
    return readBaseFile(metaClient().getStorage(), new StoragePath(path));
  }

  /** A field's value as a string ({@code Utf8} and {@code String} alike), or null. */
  public static String string(GenericRecord record, String field) {
    if (record.getSchema().getField(field) == null) {
      throw new IllegalArgumentException(
          "record " + record.getSchema().getFullName() + " has no field " + field);
    }
    Object v = record.get(field);
    return v == null ? null : v.toString();
  }

  private List<GenericRecord> mergeSlice(
      HoodieTableMetaClient meta,
      FileSlice slice,
      List<HoodieLogFile> logs,
      Schema schema,
      String lastInstant) {
    Properties payloadProps = new Properties();
    String ordering = meta.getTableConfig().getPreCombineField();
    if (ordering != null) {
      payloadProps.setProperty("hoodie.payload.ordering.field", ordering);
    }
    List<String> logPaths =
        logs.stream()
            .sorted(HoodieLogFile.getLogFileComparator())
            .map(l -> l.getPath().toString())
            .collect(Collectors.toList());
    File spill;
    try {
      spill = Files.createTempDirectory("hudi-reference-spill").toFile();
    } catch (IOException e) {
      throw new HudiTableException("cannot create a spill folder for merging " + slice, e);
    }
    List<GenericRecord> out = new ArrayList<>();
    try (HoodieMergedLogRecordScanner scanner =
        HoodieMergedLogRecordScanner.newBuilder()
            .withStorage(meta.getStorage())
            .withBasePath(basePath)
            .withLogFilePaths(logPaths)
            .withReaderSchema(schema)
            .withLatestInstantTime(lastInstant)
            .withMaxMemorySizeInBytes(256L * 1024 * 1024)
            .withReverseReader(false)
            .withBufferSize(1024 * 1024)
            .withSpillableMapBasePath(spill.getAbsolutePath())
            .withDiskMapType(ExternalSpillableMap.DiskMapType.BITCASK)
            .withBitCaskDiskMapCompressionEnabled(false)
            .withPartition(slice.getPartitionPath())
            .withTableMetaClient(meta)
            .build()) {
      Map<String, HoodieRecord<?>> logRecords = new LinkedHashMap<>();
      scanner.getRecords().forEach(logRecords::put);
      if (slice.getBaseFile().isPresent()) {
        for (GenericRecord base :
            readBaseFile(meta.getStorage(), slice.getBaseFile().get().getStoragePath())) {
          HoodieRecord<?> update =
              logRecords.remove(string(base, HoodieRecord.RECORD_KEY_METADATA_FIELD));
          if (update == null) {
            out.add(base);
          } else {
            payload(update)
                .combineAndGetUpdateValue(base, schema, payloadProps)
                .ifPresent(v -> out.add((GenericRecord) v));
          }
        }
      }
      for (HoodieRecord<?> insert : logRecords.values()) {
        payload(insert)
            .getInsertValue(schema, payloadProps)
            .ifPresent(v -> out.add((GenericRecord) v));
      }
    } catch (IOException e) {
      throw new HudiTableException(
          "cannot merge the log files of file slice " + slice + " in " + basePath, e);
    } finally {
      deleteRecursively(spill);
    }
    return out;
  }

  private static HoodieRecordPayload<?> payload(HoodieRecord<?> record) {
    Object data = record.getData();
    if (!(data instanceof HoodieRecordPayload)) {
      throw new HudiTableException(
          "log record "
              + record.getRecordKey()
              + " holds "
              + data.getClass().getName()
              + ", expected a HoodieRecordPayload");
    }
    return (HoodieRecordPayload<?>) data;
  }

  private List<GenericRecord> readBaseFile(HoodieStorage storage, StoragePath path) {
    return readBaseFile(storage, path, null);
  }

  private List<GenericRecord> readBaseFile(
      HoodieStorage storage, StoragePath path, Schema readerSchema) {
    List<GenericRecord> out = new ArrayList<>();
    try (HoodieAvroFileReader reader =
        (HoodieAvroFileReader)
            HoodieIOFactory.getIOFactory(storage)
                .getReaderFactory(HoodieRecord.HoodieRecordType.AVRO)
                .getFileReader(new HoodieConfig(), path)) {
      Schema fileSchema = reader.getSchema();
      boolean projection =
          readerSchema == null || AvroSchemaUtils.isStrictProjectionOf(fileSchema, readerSchema);
      Schema schema = readerSchema == null || !projection ? fileSchema : readerSchema;
      try (ClosableIterator<IndexedRecord> it =
          reader.getIndexedRecordIterator(fileSchema, schema)) {
        while (it.hasNext()) {
          IndexedRecord record = it.next();
          out.add(
              projection
                  ? (GenericRecord) record
                  : HoodieAvroUtils.rewriteRecordWithNewSchema(record, readerSchema));
        }
      }
    } catch (IOException e) {
      throw new HudiTableException("Hudi cannot read base file " + path, e);
    }
    return out;
  }

  private static boolean inRange(String commitTime, String after, String upTo) {
    return commitTime.compareTo(after) > 0 && commitTime.compareTo(upTo) <= 0;
  }

  private static HoodieTimeline completedCommits(HoodieTableMetaClient meta) {
    return meta.getCommitsTimeline().filterCompletedInstants();
  }

  private Schema tableSchema(HoodieTableMetaClient meta) {
    try {
      return new TableSchemaResolver(meta).getTableAvroSchema(true);
    } catch (Exception e) {
      throw new HudiTableException("Hudi cannot resolve the schema of the table at " + basePath, e);
    }
  }

  private List<String> partitionPaths(HoodieTableMetaClient meta) {
    List<String> partitions =
        new ArrayList<>(
            FSUtils.getAllPartitionPaths(
                new HoodieLocalEngineContext(meta.getStorageConf()),
                meta.getStorage(),
                HoodieMetadataConfig.newBuilder().enable(false).build(),
                basePath));
    Collections.sort(partitions);
    return partitions;
  }

  private StorageConfiguration<Configuration> storageConf() {
    Configuration conf = new Configuration();
    hadoopSettings.forEach(conf::set);
    return HadoopFSUtils.getStorageConf(conf);
  }

  private static void deleteRecursively(File f) {
    File[] children = f.listFiles();
    if (children != null) {
      for (File c : children) {
        deleteRecursively(c);
      }
    }
    f.delete();
  }

  @Override
  public String toString() {
    return "HudiTableReader{" + basePath + "}";
  }
}
