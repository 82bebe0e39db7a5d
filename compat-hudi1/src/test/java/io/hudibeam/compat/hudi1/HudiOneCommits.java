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

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.config.HoodieConfig;
import org.apache.hudi.common.engine.LocalTaskContextSupplier;
import org.apache.hudi.common.fs.FSUtils;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieKey;
import org.apache.hudi.common.model.HoodiePartitionMetadata;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieActiveTimeline;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.timeline.InstantGenerator;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.io.storage.HoodieAvroFileReader;
import org.apache.hudi.io.storage.HoodieAvroFileWriter;
import org.apache.hudi.io.storage.HoodieFileWriterFactory;
import org.apache.hudi.io.storage.HoodieIOFactory;
import org.apache.hudi.storage.HoodieStorage;
import org.apache.hudi.storage.StoragePath;

/**
 * Copy-on-write commits written with Hudi 1.0's own classes, as a reference writer of table version
 * 8: the instant times and completion times come from Hudi's time generator, the timeline files
 * from its {@code ActiveTimelineV2} ({@code createNewInstant}, {@code
 * transitionRequestedToInflight}, {@code saveAsComplete}), the commit metadata from its {@code
 * CommitMetadataSerDeV2}, the base files from its Parquet writer ({@code HoodieFileWriterFactory},
 * meta fields and bloom filter filled by {@code writeAvroWithMetadata}) and the partition metadata
 * from {@code HoodiePartitionMetadata}. Hudi's write client (index, partitioner, table services)
 * does not resolve here (design.md), so the routing is this class's: one file group per partition,
 * an upsert rewrites it with the incoming records replacing stored ones by key (carried-over
 * records keep their commit time, as Hudi's merge handle does), a delete drops keys.
 */
final class HudiOneCommits {
  private final HoodieTableMetaClient meta;
  private final Schema schema;
  private final Schema schemaWithMeta;

  HudiOneCommits(HoodieTableMetaClient meta, Schema schema) {
    this.meta = meta;
    this.schema = schema;
    this.schemaWithMeta = HoodieAvroUtils.addMetadataFields(schema);
  }

  /**
   * Writes one commit of {@code upserts} and {@code deletes} (keys to partitions); returns its
   * instant time.
   */
  String commit(
      Map<String, GenericRecord> upserts,
      Map<String, String> deletes,
      Map<String, String> partitionOfKey,
      WriteOperationType operation)
      throws IOException {
    meta.reloadActiveTimeline();
    HoodieActiveTimeline timeline = meta.getActiveTimeline();
    InstantGenerator instants = meta.getInstantGenerator();
    String time = meta.createNewInstantTime();
    HoodieInstant requested =
        instants.createNewInstant(
            HoodieInstant.State.REQUESTED, HoodieTimeline.COMMIT_ACTION, time);
    timeline.createNewInstant(requested);
    timeline.transitionRequestedToInflight(requested, Option.empty());
    HoodieInstant inflight =
        instants.createNewInstant(HoodieInstant.State.INFLIGHT, HoodieTimeline.COMMIT_ACTION, time);

    Map<String, List<String>> keysByPartition = new TreeMap<>();
    for (String key : upserts.keySet()) {
      keysByPartition.computeIfAbsent(partitionOfKey.get(key), p -> new ArrayList<>()).add(key);
    }
    for (String key : deletes.keySet()) {
      keysByPartition.computeIfAbsent(deletes.get(key), p -> new ArrayList<>());
    }
    HoodieCommitMetadata metadata = new HoodieCommitMetadata();
    HoodieStorage storage = meta.getStorage();
    try (HoodieTableFileSystemView view =
        new HoodieTableFileSystemView(
            meta, meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants())) {
      for (String partition : keysByPartition.keySet()) {
        List<HoodieBaseFile> latest =
            view.getLatestBaseFiles(partition).collect(Collectors.toList());
        if (latest.size() > 1) {
          throw new IllegalStateException(
              "Reference writer keeps one file group per partition: " + latest);
        }
        Map<String, GenericRecord> stored = latest.isEmpty() ? Map.of() : read(latest.get(0));
        if (stored.isEmpty() && keysByPartition.get(partition).isEmpty()) {
          continue;
        }
        String fileId = latest.isEmpty() ? UUID.randomUUID() + "-0" : latest.get(0).getFileId();
        String fileName = FSUtils.makeBaseFileName(time, "0-1-1", fileId, ".parquet");
        StoragePath partitionPath = new StoragePath(meta.getBasePath(), partition);
        new HoodiePartitionMetadata(
                storage, time, meta.getBasePath(), partitionPath, Option.empty())
            .trySave();
        StoragePath path = new StoragePath(partitionPath, fileName);
        HoodieAvroFileWriter writer =
            (HoodieAvroFileWriter)
                HoodieFileWriterFactory.getFileWriter(
                    time,
                    path,
                    storage,
                    new HoodieConfig(),
                    schemaWithMeta,
                    new LocalTaskContextSupplier(),
                    HoodieRecord.HoodieRecordType.AVRO);
        long inserts = 0;
        long updates = 0;
        long deleted = 0;
        long written = 0;
        Map<String, GenericRecord> out = new TreeMap<>(stored);
        for (String key : deletes.keySet()) {
          if (partition.equals(deletes.get(key)) && out.remove(key) != null) {
            deleted++;
          }
        }
        Set<String> incoming = Set.copyOf(keysByPartition.get(partition));
        for (Map.Entry<String, GenericRecord> e : out.entrySet()) {
          if (incoming.contains(e.getKey())) {
            continue;
          }
          GenericRecord carried = new GenericData.Record(schemaWithMeta);
          for (Schema.Field f : schemaWithMeta.getFields()) {
            carried.put(f.name(), e.getValue().get(f.name()));
          }
          carried.put(HoodieRecord.FILENAME_METADATA_FIELD, fileName);
          writer.writeAvro(e.getKey(), carried);
          written++;
        }
        for (String key : incoming) {
          IndexedRecord record = HoodieAvroUtils.rewriteRecord(upserts.get(key), schemaWithMeta);
          writer.writeAvroWithMetadata(new HoodieKey(key, partition), record);
          written++;
          if (stored.containsKey(key)) {
            updates++;
          } else {
            inserts++;
          }
        }
        writer.close();
        HoodieWriteStat stat = new HoodieWriteStat();
        stat.setFileId(fileId);
        stat.setPath(partition + "/" + fileName);
        stat.setPartitionPath(partition);
        stat.setPrevCommit(
            latest.isEmpty() ? HoodieWriteStat.NULL_COMMIT : latest.get(0).getCommitTime());
        stat.setNumWrites(written);
        stat.setNumInserts(inserts);
        stat.setNumUpdateWrites(updates);
        stat.setNumDeletes(deleted);
        long size = storage.getPathInfo(path).getLength();
        stat.setTotalWriteBytes(size);
        stat.setFileSizeInBytes(size);
        metadata.addWriteStat(partition, stat);
      }
    }
    metadata.setOperationType(operation);
    metadata.addMetadata(HoodieCommitMetadata.SCHEMA_KEY, schema.toString());
    timeline.saveAsComplete(inflight, meta.getCommitMetadataSerDe().serialize(metadata));
    meta.reloadActiveTimeline();
    return time;
  }

  /** Every record of a base file, by record key, read with Hudi's Avro Parquet reader. */
  Map<String, GenericRecord> read(HoodieBaseFile file) throws IOException {
    Map<String, GenericRecord> rows = new LinkedHashMap<>();
    try (HoodieAvroFileReader reader =
            (HoodieAvroFileReader)
                HoodieIOFactory.getIOFactory(meta.getStorage())
                    .getReaderFactory(HoodieRecord.HoodieRecordType.AVRO)
                    .getFileReader(new HoodieConfig(), file.getStoragePath());
        ClosableIterator<IndexedRecord> it =
            reader.getIndexedRecordIterator(reader.getSchema(), reader.getSchema())) {
      while (it.hasNext()) {
        GenericRecord row = (GenericRecord) it.next();
        rows.put(row.get(HoodieRecord.RECORD_KEY_METADATA_FIELD).toString(), row);
      }
    }
    return rows;
  }
}
