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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.KV;

/**
 * The batch writer of many tables: each table's records of the whole input (grouped by table) are
 * written as one instant of that table in this worker; the table is created if it is missing.
 * Stable input: a retry after a failure sees the same records, and the next start rolls back what
 * the failed attempt left pending.
 */
public final class WriteTablesFn
    extends DoFn<KV<String, Iterable<IntervalPack>>, CommittedInstant> {
  private static final long serialVersionUID = 1L;
  private final TableWrites writes;

  public WriteTablesFn(TableSpecs specs) {
    this.writes = new TableWrites(specs);
  }

  @RequiresStableInput
  @ProcessElement
  public void process(
      @Element KV<String, Iterable<IntervalPack>> table, OutputReceiver<CommittedInstant> out) {
    List<RecordPack> packs = new ArrayList<>();
    table.getValue().forEach(p -> packs.add(p.pack()));
    writes.write(table.getKey(), packs, Optional.empty()).ifPresent(out::output);
  }
}
