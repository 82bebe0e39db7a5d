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

import static io.hudibeam.HudiIOOptimisticConcurrencyIT.pendingInstants;
import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.trips;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultS3AFileSystem;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.s3.S3Server;
import io.hudibeam.write.WriteOperation;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Writers and checks of the two-writer tests on S3 ({@code HudiIOS3TwoWritersIT}, {@code
 * HudiIOS3OptimisticConcurrencyIT}), on one test class's {@link S3Server}: writes with S3A's
 * settings, a writer held by {@link FaultS3AFileSystem}'s rules, Hudi's reader through S3A, and the
 * files the table holds on S3.
 */
final class S3Writers {
  /** Heartbeats that outlive the holds on a loaded machine. */
  private static final Map<String, String> PATIENT_HEARTBEATS =
      Map.of("hoodie.client.heartbeat.tolerable.misses", "10");

  private final S3Server s3;

  S3Writers(S3Server s3) {
    this.s3 = s3;
  }

  HudiIO.Write<Row> onS3(String base, WriteOperation operation, Map<String, String> props) {
    Map<String, String> all = new HashMap<>(PATIENT_HEARTBEATS);
    all.putAll(props);
    return trips(base, operation)
        .withHadoopConfiguration(s3.hadoopSettings())
        .withHoodieProperties(all);
  }

  /** A writer whose S3A takes {@code rules} ({@link FaultS3AFileSystem}): holds, notes. */
  HudiIO.Write<Row> heldOnS3(
      String base, WriteOperation operation, Map<String, String> props, Fault... rules) {
    return onS3(base, operation, props)
        .withHadoopConfiguration(FaultS3AFileSystem.configuration(s3.hadoopSettings(), rules));
  }

  /** The URI path of the table's {@code .hoodie} folder, quoted for a rule's pattern. */
  static String metaFolderPattern(String base) {
    return Pattern.quote(new Path(base).toUri().getPath() + "/.hoodie/");
  }

  HudiTableReader reader(String base) {
    return HudiTableReader.of(base, s3.hadoopSettings());
  }

  FileSystem fileSystem() throws IOException {
    Configuration conf = new Configuration();
    s3.hadoopSettings().forEach(conf::set);
    return FileSystem.get(URI.create("s3a://" + S3Server.BUCKET + "/"), conf);
  }

  /** The table's Parquet base files on S3, relative to the base path. */
  TreeSet<String> dataFiles(String base) throws IOException {
    TreeSet<String> out = new TreeSet<>();
    String prefix = new Path(base).toUri().getPath() + "/";
    RemoteIterator<LocatedFileStatus> files = fileSystem().listFiles(new Path(base), true);
    while (files.hasNext()) {
      String path = files.next().getPath().toUri().getPath();
      if (!path.contains("/.hoodie/") && path.endsWith(".parquet")) {
        out.add(path.substring(prefix.length()));
      }
    }
    return out;
  }

  /** The base files an instant wrote that are on S3. */
  List<String> filesOf(String base, String instant) throws IOException {
    return dataFiles(base).stream().filter(f -> f.endsWith("_" + instant + ".parquet")).toList();
  }

  /** The names in a folder of the table on S3; empty when it is not there. */
  List<String> namesIn(String base, String folder) throws IOException {
    try {
      return Arrays.stream(fileSystem().listStatus(new Path(base, folder)))
          .map(FileStatus::getPath)
          .map(Path::getName)
          .toList();
    } catch (FileNotFoundException e) {
      return List.of();
    }
  }

  /** Nothing left on S3 but the committed files: no orphan, marker, heartbeat, intent, lock. */
  void assertClean(String base, HudiTableReader reader) throws IOException {
    assertThat(dataFiles(base), is(committedFiles(reader)));
    for (String folder :
        List.of(".hoodie/.temp", ".hoodie/.heartbeat", ".hoodie/.aux/.commit-intents")) {
      assertThat(folder, namesIn(base, folder), is(empty()));
    }
    assertThat(fileSystem().exists(new Path(base, ".hoodie/lock")), is(false));
    assertThat(pendingInstants(reader), is(empty()));
  }
}
