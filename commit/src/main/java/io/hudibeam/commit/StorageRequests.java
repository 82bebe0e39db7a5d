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
package io.hudibeam.commit;

import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;

/**
 * Requests a file system made of its store, by kind, from the counters Hadoop's {@code
 * IOStatistics} gives (S3A keeps them, {@code org.apache.hadoop.fs.s3a.Statistic}; the local file
 * system and HDFS keep none, so {@link #of} is empty there). A step's requests are the difference
 * of two readings taken around it ({@link #since}); the counters belong to the file system
 * instance, which Hadoop shares within a JVM, so requests other threads made meanwhile count too.
 *
 * @param total every request ({@code store_io_request})
 * @param list list requests ({@code object_list_request} and {@code object_continue_list_request})
 * @param head metadata requests, S3's HEAD ({@code object_metadata_request})
 * @param get object reads, S3's GET ({@code action_http_get_request})
 * @param put uploads ({@code object_put_request}, and {@code object_multipart_initiated})
 * @param delete deletes, single and bulk ({@code object_delete_request}, {@code
 *     object_bulk_delete_request})
 * @param copy copies, as a rename makes them ({@code object_copy_requests})
 */
public record StorageRequests(
    long total, long list, long head, long get, long put, long delete, long copy) {

  /** The counters of {@code fs} now, if it keeps any. */
  public static Optional<StorageRequests> of(FileSystem fs) {
    if (!(fs instanceof IOStatisticsSource)) {
      return Optional.empty();
    }
    IOStatistics statistics = ((IOStatisticsSource) fs).getIOStatistics();
    if (statistics == null || !statistics.counters().containsKey("store_io_request")) {
      return Optional.empty();
    }
    Map<String, Long> c = statistics.counters();
    return Optional.of(
        new StorageRequests(
            count(c, "store_io_request"),
            count(c, "object_list_request") + count(c, "object_continue_list_request"),
            count(c, "object_metadata_request"),
            count(c, "action_http_get_request"),
            count(c, "object_put_request") + count(c, "object_multipart_initiated"),
            count(c, "object_delete_request") + count(c, "object_bulk_delete_request"),
            count(c, "object_copy_requests")));
  }

  private static long count(Map<String, Long> counters, String key) {
    Long value = counters.get(key);
    return value == null ? 0 : value;
  }

  /** The requests made since {@code earlier} was read. */
  public StorageRequests since(StorageRequests earlier) {
    return new StorageRequests(
        total - earlier.total,
        list - earlier.list,
        head - earlier.head,
        get - earlier.get,
        put - earlier.put,
        delete - earlier.delete,
        copy - earlier.copy);
  }

  @Override
  public String toString() {
    return String.format(
        "%d storage requests (list %d, head %d, get %d, put %d, delete %d, copy %d)",
        total, list, head, get, put, delete, copy);
  }
}
