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
package io.hudibeam.index;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import java.util.Map;
import java.util.Optional;
import org.junit.Test;

public class BucketCountCheckTest {
  private static final long MAX_FILE = 120L * 1024 * 1024;

  @Test
  public void defaultBucketsForASmallTableWarnNamingTheLargestPartition() {
    // 100,000 trips in 8 partitions at the 1 KiB record size estimate: 12.8 MB per partition.
    Map<String, Long> partitions =
        Map.of("americas/brazil/sao_paulo", 12_800_000L, "asia/india/chennai", 13_100_000L);
    Optional<String> warning = BucketCountCheck.warning(256, MAX_FILE, partitions);
    assertThat(warning.isPresent(), is(true));
    assertThat(warning.get(), containsString("hoodie.bucket.index.num.buckets=256"));
    assertThat(warning.get(), containsString("'asia/india/chennai' holds about 13100000 bytes"));
    assertThat(warning.get(), containsString("1 base file(s)"));
    assertThat(warning.get(), containsString("about 51171 bytes"));
  }

  @Test
  public void bucketsUpToEightTimesTheFilesTheDataFillsDoNotWarn() {
    assertThat(BucketCountCheck.warning(8, MAX_FILE, Map.of("p", 1L)), is(Optional.empty()));
    assertThat(BucketCountCheck.warning(9, MAX_FILE, Map.of("p", 1L)).isPresent(), is(true));
    // 32 full files' worth: 256 buckets are exactly 8 times that.
    assertThat(
        BucketCountCheck.warning(256, MAX_FILE, Map.of("p", 32 * MAX_FILE)), is(Optional.empty()));
    assertThat(
        BucketCountCheck.warning(256, MAX_FILE, Map.of("p", 31 * MAX_FILE)).isPresent(), is(true));
    // One byte over 31 files needs 32.
    assertThat(
        BucketCountCheck.warning(256, MAX_FILE, Map.of("p", 31 * MAX_FILE + 1)),
        is(Optional.empty()));
  }

  @Test
  public void aWriteThatTouchesNoPartitionDoesNotWarn() {
    assertThat(BucketCountCheck.warning(256, MAX_FILE, Map.of()), is(Optional.empty()));
  }
}
