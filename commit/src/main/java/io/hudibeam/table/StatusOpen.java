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
package io.hudibeam.table;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.functional.FutureIO;

/**
 * Opens a file whose status the caller has already asked for. {@code FileSystem.open(path)} on S3A
 * asks the store for the status again (a HEAD) before the first GET; {@code
 * openFile(path).withFileStatus(status)} (Hadoop 3.3 on) hands it over, so a reader that needs the
 * length first (a Parquet footer, an HFile trailer, a log file's blocks) makes one HEAD, not two
 * (docs/object-stores.md). Other file systems open the file as {@code open} does.
 */
public final class StatusOpen {
  private StatusOpen() {}

  /** Opens {@code status}'s file on {@code fs}. */
  public static FSDataInputStream open(FileSystem fs, FileStatus status) throws IOException {
    return FutureIO.awaitFuture(fs.openFile(status.getPath()).withFileStatus(status).build());
  }
}
