package io.hudibeam.examples;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import org.junit.Test;

public class TripsRecordsTest {
  @Test
  public void keysAreZeroPaddedToTwelveDigitsAsTripsMdSays() {
    for (long i : new long[] {0, 7, 123_456, 999_999_999_999L, 1_000_000_000_000L, 12_345_678_901_234L}) {
      assertThat(TripsRecords.key(i), is(String.format("trip-%012d", i)));
    }
  }

  @Test
  public void rowsCarryEveryFieldOfTheSchema() {
    assertThat(TripsRecords.row(1, 5).getSchema(), is(TripsRecords.SCHEMA));
    assertThat(TripsRecords.row(1, 5).getInt64("ts"), is(1_700_000_000_000L + 1_000_000_000L + 5));
    assertThat(TripsRecords.row(1, 5).getString("city"), is("paris"));
  }
}
