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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import java.io.File;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class OptionsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void wrongOperationNamesTheOptionAndTheChoices() throws Exception {
    String table = new File(tmp.getRoot(), "t").getPath();
    ConsoleCapture c = ConsoleCapture.run("trips", "--table=" + table, "--operation=merge");
    assertThat(c.exitCode, is(2));
    assertThat(
        c.err,
        containsString(
            "--operation=merge is not valid; choose one of insert, upsert, bulk_insert, delete"));
    assertThat(new File(table).exists(), is(false));
  }

  @Test
  public void wrongFormatAndIndexAndTableType() {
    ConsoleCapture format =
        ConsoleCapture.run(
            "ingest",
            "--input=/nowhere/*.json",
            "--format=xml",
            "--table=/tmp/x",
            "--recordKey=id");
    assertThat(format.exitCode, is(2));
    assertThat(
        format.err,
        containsString("--format=xml is not valid; choose one of json, csv, avro, parquet"));

    ConsoleCapture index = ConsoleCapture.run("trips", "--table=/tmp/x", "--index=hash");
    assertThat(index.exitCode, is(2));
    assertThat(
        index.err,
        containsString(
            "--index=hash is not valid; choose one of simple, global_simple, bloom, bucket"));

    ConsoleCapture buckets = ConsoleCapture.run("trips", "--table=/tmp/x", "--buckets=4");
    assertThat(buckets.exitCode, is(2));
    assertThat(
        buckets.err,
        containsString("--buckets is the BUCKET index's bucket count: it needs --index=BUCKET"));
    ConsoleCapture zero =
        ConsoleCapture.run("trips", "--table=/tmp/x", "--index=bucket", "--buckets=0");
    assertThat(zero.exitCode, is(2));
    assertThat(zero.err, containsString("--buckets must be > 0, but was 0"));

    ConsoleCapture type =
        ConsoleCapture.run("trips", "--table=/tmp/x", "--tableType=merge_on_write");
    assertThat(type.exitCode, is(2));
    assertThat(type.err, containsString("--tableType=merge_on_write is not valid; choose one of"));

    for (ConsoleCapture version :
        new ConsoleCapture[] {
          ConsoleCapture.run("trips", "--table=/tmp/x", "--tableVersion=7"),
          ConsoleCapture.run(
              "ingest",
              "--table=/tmp/x",
              "--tableVersion=7",
              "--input=/nowhere/*.json",
              "--format=json",
              "--recordKey=id")
        }) {
      assertThat(version.err, version.exitCode, is(2));
      assertThat(version.err, containsString("--tableVersion=7 is not valid; choose one of 6, 8"));
    }
  }

  @Test
  public void missingAndUnknownOptionsAndCommands() {
    ConsoleCapture missing = ConsoleCapture.run("trips", "--operation=insert");
    assertThat(missing.exitCode, is(2));
    assertThat(missing.err, containsString("--table"));

    ConsoleCapture unknown = ConsoleCapture.run("trips", "--table=/tmp/x", "--colour=red");
    assertThat(unknown.exitCode, is(2));
    assertThat(unknown.err, containsString("colour"));

    ConsoleCapture command = ConsoleCapture.run("drive", "--table=/tmp/x");
    assertThat(command.exitCode, is(2));
    assertThat(command.err, containsString("unknown command 'drive'; choose one of trips, ingest"));

    ConsoleCapture none = ConsoleCapture.run();
    assertThat(none.exitCode, is(2));
    assertThat(none.err, containsString("usage: java -jar hudi-beam-examples.jar"));

    ConsoleCapture noFiles =
        ConsoleCapture.run(
            "ingest",
            "--input=" + tmp.getRoot() + "/none-*.json",
            "--format=json",
            "--table=/tmp/x",
            "--recordKey=id");
    assertThat(noFiles.exitCode, is(2));
    assertThat(noFiles.err, containsString("matches no files"));
  }

  @Test
  public void parallelismBelowOneIsAUsageErrorNamingTheOption() {
    for (String runner : new String[] {"DirectRunner", "FlinkRunner"}) {
      for (String value : new String[] {"0", "-1", "-8", "two", ""}) {
        String table = new File(tmp.getRoot(), runner + value).getPath();
        ConsoleCapture c =
            ConsoleCapture.run(
                "trips",
                "--table=" + table,
                "--runner=" + runner,
                "--parallelism=" + value,
                "--count=10");
        assertThat(c.exitCode, is(2));
        assertThat(
            c.err,
            containsString(
                "trips: --parallelism="
                    + value
                    + " is not valid; --parallelism is the"
                    + " number of parallel workers, a whole number of at least 1 (leave it out for the runner's default)"));
        assertThat(c.err, containsString("trips --help lists the command's options"));
        assertThat(c.err.contains("pipeline failed"), is(false));
        assertThat(new File(table).exists(), is(false));
      }
    }
    ConsoleCapture target =
        ConsoleCapture.run(
            "ingest",
            "--input=/nowhere/*.json",
            "--format=json",
            "--table=/tmp/x",
            "--recordKey=id",
            "--targetParallelism=0");
    assertThat(target.exitCode, is(2));
    assertThat(
        target.err,
        containsString(
            "ingest: --targetParallelism=0 is not valid; --targetParallelism is the"
                + " number of parallel workers"));
  }
}
