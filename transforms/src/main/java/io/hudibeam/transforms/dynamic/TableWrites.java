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
package io.hudibeam.transforms.dynamic;

import io.hudibeam.transforms.commit.CommittedInstant;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.values.KV;

/**
 * The writes of a worker's tables, one {@link TableWrite} per table and schema, made when the
 * table's records first reach the worker ({@link TableSpecs}); shared by the batch and the
 * streaming writer.
 */
final class TableWrites implements Serializable {
  private static final long serialVersionUID = 1L;
  private final TableSpecs specs;
  private transient Map<KV<String, String>, TableWrite> writes;

  TableWrites(TableSpecs specs) {
    this.specs = specs;
  }

  /**
   * Writes {@code packs}, the records of table {@code destination} of one window, as one instant
   * (of the interval's sink when {@code interval} is given); empty for a replayed interval.
   */
  Optional<CommittedInstant> write(
      String destination, Iterable<RecordPack> packs, Optional<Interval> interval) {
    Map<String, List<GenericRecord>> bySchema = new LinkedHashMap<>();
    for (RecordPack pack : packs) {
      bySchema.computeIfAbsent(pack.schemaJson(), s -> new ArrayList<>()).addAll(pack.decode());
    }
    BatchSchema batch = BatchSchema.of(destination, bySchema);
    if (writes == null) {
      writes = new HashMap<>();
    }
    TableWrite write =
        writes.computeIfAbsent(
            KV.of(destination, batch.schema().toString()),
            k -> new TableWrite(specs.of(destination, batch.schema())));
    return write.write(batch.records(), interval.map(i -> i.lineage(write.spec())));
  }

  /** A streaming sink's commit interval of a table, before its sink id is known. */
  record Interval(String sinkId, long start, long end, long commitIntervalMillis) {
    TableWrite.Interval lineage(io.hudibeam.transforms.WriteSpec spec) {
      return new TableWrite.Interval(
          sinkId != null
              ? sinkId
              : spec.tableConfig().name()
                  + "-"
                  + io.hudibeam.write.OperationTypes.of(spec.operation()).value(),
          start,
          end,
          commitIntervalMillis);
    }
  }
}
