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

import io.hudibeam.transforms.TableId;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.commit.CommitSpec;
import io.hudibeam.transforms.index.IndexSpec;
import io.hudibeam.transforms.instant.StartSpec;
import io.hudibeam.transforms.plan.PlanSpec;
import io.hudibeam.transforms.records.RecordsSpec;
import io.hudibeam.transforms.services.ServicesSpec;
import io.hudibeam.transforms.write.FilesSpec;

/**
 * The spec of each stage of one table's write, each made once from the table's {@link WriteSpec}
 * (itself read once from the table's settings). A write to several tables has one of these per
 * table, keyed by {@link #table()}, and gives each stage the specs of every table.
 */
record StageSpecs(
    WriteSpec write,
    StartSpec start,
    RecordsSpec records,
    IndexSpec index,
    PlanSpec plan,
    FilesSpec files,
    CommitSpec commit,
    ServicesSpec services) {

  static StageSpecs of(WriteSpec spec) {
    return new StageSpecs(
        spec,
        StartSpec.of(spec),
        RecordsSpec.of(spec),
        IndexSpec.of(spec),
        PlanSpec.of(spec),
        FilesSpec.of(spec),
        CommitSpec.of(spec),
        ServicesSpec.of(spec));
  }

  TableId table() {
    return write.table();
  }
}
