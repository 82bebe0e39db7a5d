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
package io.hudibeam.examples;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import org.junit.Test;

public class TripsRecordsTest {
  @Test
  public void keysAreZeroPaddedToTwelveDigitsAsTripsMdSays() {
    for (long i :
        new long[] {0, 7, 123_456, 999_999_999_999L, 1_000_000_000_000L, 12_345_678_901_234L}) {
      assertThat(TripsRecords.key(i), is(String.format("trip-%012d", i)));
    }
  }

  @Test
  public void rowsCarryEveryFieldOfTheSchema() {
    assertThat(TripsRecords.row(1, 5).getSchema(), is(TripsRecords.SCHEMA));
    assertThat(TripsRecords.row(1, 5).getInt64("ts"), is(1_700_000_000_000L + 1_000_000_000L + 5));
    assertThat(TripsRecords.row(1, 5).getString("city"), is("paris"));
  }

  @Test
  public void indexRangesCoverStartToStartPlusCountInOrder() {
    assertThat(
        TripsExample.indexRanges(5, 25_001),
        is(
            java.util.List.of(
                org.apache.beam.sdk.values.KV.of(5L, 10_005L),
                org.apache.beam.sdk.values.KV.of(10_005L, 20_005L),
                org.apache.beam.sdk.values.KV.of(20_005L, 25_006L))));
    assertThat(TripsExample.indexRanges(7, 0), is(java.util.List.of()));
  }

  @Test
  public void aStreamIsDoneAtTheEndOfTheIntervalOfItsLastRecordAndHasItsOwnSinkId() {
    // 1000 records at 100 per second, 1 s intervals: ten intervals of 100 records, the first one
    // starting at the batch's first event time (a whole second).
    TripsExample.Options options =
        org.apache.beam.sdk.options.PipelineOptionsFactory.fromArgs(
                "--table=/t",
                "--batch=0",
                "--start=0",
                "--count=1000",
                "--rate=100",
                "--commitInterval=1")
            .as(TripsExample.Options.class);
    long first = TripsStream.eventTime(0, 0, 100).getMillis();
    assertThat(
        TripsExample.endOfLastInterval(options), is(new org.joda.time.Instant(first + 10_000)));
    assertThat(TripsExample.sinkId(options), is("trips-upsert-b0-s0"));
    options.setOperation("DELETE");
    options.setBatch(2);
    options.setStart(50);
    assertThat(
        "another operation, batch or start is another stream",
        TripsExample.sinkId(options),
        is("trips-delete-b2-s50"));
    options.setSinkId("mine");
    assertThat(TripsExample.sinkId(options), is("mine"));
    options.setRate(0);
    UsageException refused =
        org.junit.Assert.assertThrows(
            UsageException.class, () -> TripsExample.endOfLastInterval(options));
    assertThat(
        refused.getMessage(), is("--rate and --commitInterval must be > 0, but were 0 and 1"));
  }
}
