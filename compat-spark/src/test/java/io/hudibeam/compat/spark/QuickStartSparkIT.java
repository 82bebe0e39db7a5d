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
package io.hudibeam.compat.spark;

import static io.hudibeam.compat.spark.SparkHudi.hudiIO;
import static io.hudibeam.compat.spark.SparkHudi.hudiIOWrite;
import static io.hudibeam.compat.spark.SparkHudi.range;
import static io.hudibeam.compat.spark.SparkHudi.records;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import io.hudibeam.write.WriteOperation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The README's quick start reads a HudiIO table with Spark: its {@code spark-shell} line names the
 * Hudi Spark bundle this module tests with (artifact and version) for this module's Spark and
 * Scala, and a Spark session with exactly the line's {@code --conf} settings reads a table HudiIO
 * wrote as the quick start reads it ({@code spark.read.format("hudi").load(path).count()}).
 */
public class QuickStartSparkIT {
  private static final Pattern PACKAGES =
      Pattern.compile(
          "--packages org\\.apache\\.hudi:hudi-spark(\\d+\\.\\d+)-bundle_(\\d+\\.\\d+):(\\S+)");
  private static final Pattern CONF = Pattern.compile("--conf '([^=']+)=([^']+)'");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void theReadmesSparkShellLineReadsAHudiIOTable() throws Exception {
    String readme = Files.readString(Paths.get("..", "README.md"), StandardCharsets.UTF_8);
    int shell = readme.indexOf("spark-shell --packages");
    assertThat("README.md has a spark-shell line", shell >= 0, is(true));
    String line = readme.substring(shell, readme.indexOf("```", shell));

    Matcher packages = PACKAGES.matcher(line);
    assertThat("the spark-shell line names Hudi's Spark bundle", packages.find(), is(true));
    String pom = Files.readString(Paths.get("pom.xml"), StandardCharsets.UTF_8);
    Matcher bundle = Pattern.compile("<hudi.spark.version>([^<]+)<").matcher(pom);
    assertThat(bundle.find(), is(true));
    assertThat("the bundle's version", packages.group(3), is(bundle.group(1)));
    assertThat(
        "the bundle's Spark",
        org.apache.spark.package$.MODULE$.SPARK_VERSION(),
        startsWith(packages.group(1) + "."));
    assertThat(
        "the bundle's Scala",
        scala.util.Properties.versionNumberString(),
        startsWith(packages.group(2) + "."));

    Map<String, String> confs = new LinkedHashMap<>();
    Matcher conf = CONF.matcher(line);
    while (conf.find()) {
      confs.put(conf.group(1), conf.group(2));
    }
    assertThat("the line's --conf settings", confs.size(), is(4));

    String base = tmp.newFolder("hudi-trips").getAbsolutePath();
    hudiIO(records(0, range(0, 100)), hudiIOWrite(base, WriteOperation.INSERT));

    SparkSession.Builder builder =
        SparkSession.builder()
            .master("local[2]")
            .appName("hudi-beam-quick-start")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1");
    confs.forEach(builder::config);
    SparkSession spark = builder.getOrCreate();
    try {
      confs.forEach((key, value) -> assertThat(key, spark.conf().get(key), is(value)));
      assertThat(spark.read().format("hudi").load(base).count(), is(100L));
    } finally {
      spark.stop();
    }
  }
}
