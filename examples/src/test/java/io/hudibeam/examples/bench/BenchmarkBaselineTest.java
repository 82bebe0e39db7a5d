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
package io.hudibeam.examples.bench;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.examples.bench.BenchmarkBaseline.Change;
import io.hudibeam.examples.bench.BenchmarkBaseline.Ratio;
import io.hudibeam.examples.bench.WriteBenchmark.Result;
import io.hudibeam.examples.bench.WriteBenchmark.Workload;
import java.util.List;
import org.junit.Test;

/**
 * The regression guard: ratios to the floor of the same run, a baseline file written and read back,
 * and a comparison that names what moved by more than the threshold.
 */
public class BenchmarkBaselineTest {
  private static final String FLINK = "HudiIO FlinkRunner p=2";
  private static final String SPARK = "Hudi 0.15 Spark writer";

  private static Result result(String writer, Workload workload, double seconds) {
    return new Result(writer, workload, 1_000_000, seconds, 0, 0, 16, 20_000_000);
  }

  @Test
  public void ratiosAreToTheFloorOfTheSameWorkloadInTheSameRun() {
    List<Ratio> ratios =
        BenchmarkBaseline.ratios(
            1_000_000,
            List.of(
                result(BenchmarkBaseline.FLOOR, Workload.BULK_INSERT, 4.0),
                result(BenchmarkBaseline.FLOOR, Workload.UPSERT, 5.0),
                result(FLINK, Workload.BULK_INSERT, 10.0),
                result(FLINK, Workload.UPSERT, 30.0),
                result(FLINK, Workload.MOR_COMPACT, 7.0),
                result(SPARK, Workload.BULK_INSERT, 16.0)));
    assertThat(ratios.size(), is(3));
    assertThat(ratios.get(0), is(new Ratio(1_000_000, "bulk_insert", FLINK, 2.5)));
    assertThat(ratios.get(1), is(new Ratio(1_000_000, "upsert", FLINK, 6.0)));
    assertThat(ratios.get(2), is(new Ratio(1_000_000, "bulk_insert", SPARK, 4.0)));
  }

  @Test
  public void aBaselineFileReadsBackAsWritten() {
    List<Ratio> ratios =
        List.of(
            new Ratio(1_000_000, "bulk_insert", FLINK, 2.5),
            new Ratio(1_000_000, "upsert", SPARK, 6.125));
    String text = BenchmarkBaseline.format("run of 2026-12-05\nfloor, flink, spark", ratios);
    assertThat(text, containsString("# run of 2026-12-05\n# floor, flink, spark\n"));
    assertThat(BenchmarkBaseline.parse("baseline.tsv", text), is(ratios));
  }

  @Test
  public void aMalformedLineIsRefusedWithItsNumber() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> BenchmarkBaseline.parse("b.tsv", "# c\n1000000\tbulk_insert\tflink\tfast\n"));
    assertThat(e.getMessage(), containsString("b.tsv line 2: expected records<TAB>workload"));
    assertThat(e.getMessage(), containsString("'1000000\tbulk_insert\tflink\tfast'"));
  }

  @Test
  public void theComparisonNamesWhatMovedByMoreThanTheThreshold() {
    List<Ratio> baseline =
        List.of(
            new Ratio(1_000_000, "bulk_insert", FLINK, 2.0),
            new Ratio(1_000_000, "upsert", FLINK, 6.0),
            new Ratio(1_000_000, "delete", FLINK, 3.0));
    List<Ratio> run =
        List.of(
            new Ratio(1_000_000, "bulk_insert", FLINK, 2.5),
            new Ratio(1_000_000, "upsert", FLINK, 6.3),
            new Ratio(1_000_000, "insert", FLINK, 4.0));
    List<Change> changes = BenchmarkBaseline.compare(baseline, run);
    assertThat(changes.size(), is(4));
    assertThat(changes.get(0).change().get(), closeTo(0.25, 1e-9));
    assertThat(changes.get(0).movedMoreThan(0.10), is(true));
    assertThat(changes.get(1).movedMoreThan(0.10), is(false));
    assertThat(changes.get(2).change().isPresent(), is(false));
    String report = BenchmarkBaseline.report(changes, 0.10);
    assertThat(
        report,
        containsString(
            "MOVED bulk_insert " + FLINK + " at 1000000 records: 2.00x -> 2.50x the floor (+25%)"));
    assertThat(report, not(containsString("MOVED upsert")));
    assertThat(report, containsString("| 1000000 | delete | " + FLINK + " | 3.00 | - | not run |"));
    assertThat(report, containsString("| 1000000 | insert | " + FLINK + " | - | 4.00 | new |"));
    assertThat(
        BenchmarkBaseline.report(BenchmarkBaseline.compare(baseline, baseline), 0.10),
        containsString("Nothing moved by more than 10%."));
  }
}
