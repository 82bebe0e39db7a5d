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

import io.hudibeam.table.TablePaths;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The spec one stage takes: the narrow, serializable set of values that stage reads, made once from
 * a table's {@link WriteSpec} when the pipeline is built, and naming its table. A pipeline that
 * writes several tables gives each stage one spec per table, keyed by {@link #table()}.
 */
public interface StageSpec extends Serializable {
  /** The table and how a worker reaches it. */
  TableLocation location();

  default TableId table() {
    return location().table();
  }

  default TablePaths paths() {
    return location().paths();
  }

  default String basePath() {
    return location().basePath();
  }

  /** A new Hadoop configuration with the table's settings. */
  default Configuration hadoopConfiguration() {
    return location().hadoopConfiguration();
  }

  default FileSystem fileSystem(Configuration conf) {
    return location().fileSystem(conf);
  }
}
