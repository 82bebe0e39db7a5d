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
package io.hudibeam.transforms;

import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.metadatatable.MetadataTableMaintenance;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.table.TablePaths;
import io.hudibeam.write.WriteTransaction;
import java.io.Serializable;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * How this writer shares a table with other writers (Hudi's concurrency control settings): its
 * heartbeats, the table lock and the concurrency mode; what the stages that start, write and commit
 * an instant need for its {@link WriteTransaction}, with whether a start keeps the table's metadata
 * table and when it compacts it ({@code hoodie.metadata.enable}, {@code
 * hoodie.metadata.compact.max.delta.commits}), and how it cleans and archives the metadata table
 * ({@code services/MetadataTableServices}, from the data table's clean and archival settings).
 */
public record ConcurrencyControl(
    HeartbeatSettings heartbeat,
    LockSettings lock,
    ConcurrencySettings concurrency,
    MetadataTableSettings metadataTable,
    MetadataTableMaintenance metadataTableMaintenance)
    implements Serializable {
  public ConcurrencyControl {
    Objects.requireNonNull(heartbeat, "heartbeat");
    Objects.requireNonNull(lock, "lock");
    Objects.requireNonNull(concurrency, "concurrency");
    Objects.requireNonNull(metadataTable, "metadataTable");
    Objects.requireNonNull(metadataTableMaintenance, "metadataTableMaintenance");
  }

  /** Without the metadata table's clean and archival ({@link MetadataTableMaintenance#NONE}). */
  public ConcurrencyControl(
      HeartbeatSettings heartbeat,
      LockSettings lock,
      ConcurrencySettings concurrency,
      MetadataTableSettings metadataTable) {
    this(heartbeat, lock, concurrency, metadataTable, MetadataTableMaintenance.NONE);
  }

  /** The write transaction (start, file group writers, commit) on the table at {@code paths}. */
  public WriteTransaction transaction(Configuration conf, FileSystem fs, TablePaths paths) {
    return WriteTransaction.on(conf, fs, paths)
        .heartbeat(heartbeat)
        .lock(lock)
        .concurrency(concurrency)
        .metadataTable(metadataTable)
        .metadataTableMaintenance(metadataTableMaintenance)
        .build();
  }
}
