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

import static io.hudibeam.HudiIOBootstrapTest.TABLE_SCHEMA;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.model.FileSlice;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A METADATA_ONLY bootstrap that crashed part-way (after some skeleton files were written, before
 * its instant {@code 00000000000001} completed) is retried by running the bootstrap again: the
 * retry rolls the crashed attempt back, as Hudi's bootstrap does, and commits. Hudi 0.15's reader
 * sees nothing of the crashed attempt, then exactly the source's rows after the retry; no file of
 * the crashed attempt is left; the source files are untouched.
 */
public class HudiIOBootstrapRetryTest {
  private static final String METADATA_BOOTSTRAP_INSTANT = "00000000000001";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final String faultId = "bootstrap-retry-" + System.nanoTime();

  @After
  public void forgetFault() {
    FaultFileSystem.forget(faultId);
  }

  @Test
  public void aCrashedMetadataOnlyBootstrapIsRolledBackAndRetried() throws Exception {
    File source = tmp.newFolder("source");
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    Map<String, GenericRecord> expected = HudiIOBootstrapTest.writeSource(source, true, 2);
    Map<String, String> sourceBytes = contents(source);

    // The third skeleton file's creation crashes the bootstrap: two are written, four are not.
    Map<String, String> crash =
        Fault.on(faultId, Operation.CREATE, Fault.BASE_FILE).skip(2).crash().configuration();
    assertThrows(
        Exception.class,
        () ->
            HudiIOBootstrapTest.run(
                HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
                    .withMode(HudiBootstrap.Mode.METADATA_ONLY)
                    .withHadoopConfiguration(crash)));
    HudiTableReader crashed = HudiTableReader.of(base);
    assertThat(crashed.completedInstantTimes(), is(empty()));
    assertThat(
        "the crashed bootstrap is pending",
        crashed
            .metaClient()
            .getActiveTimeline()
            .filterInflightsAndRequested()
            .getInstants()
            .stream()
            .map(i -> i.getTimestamp())
            .collect(Collectors.toList()),
        is(List.of(METADATA_BOOTSTRAP_INSTANT)));
    assertThat(crashed.snapshot(), is(empty()));
    FaultFileSystem.forget(faultId);

    HudiIOBootstrapTest.run(
        HudiIOBootstrapTest.bootstrap(source.getAbsolutePath(), base)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), is(List.of(METADATA_BOOTSTRAP_INSTANT)));
    assertThat(
        "the crashed attempt was rolled back",
        reader
            .metaClient()
            .getActiveTimeline()
            .getRollbackTimeline()
            .filterCompletedInstants()
            .countInstants(),
        is(1));
    MetadataOnlyChecks.assertBootstrappedRows(
        reader.bootstrapSnapshot(TABLE_SCHEMA, List.of("city")),
        expected,
        new TreeMap<>(),
        METADATA_BOOTSTRAP_INSTANT);
    // Every skeleton file on disk is the base file of a file group in Hudi's view: six, one per
    // source file; none of the crashed attempt's is left.
    Set<String> inView = new TreeSet<>();
    for (FileSlice slice : reader.latestFileSlices()) {
      assertThat(slice.getBaseFile().get().getBootstrapBaseFile().isPresent(), is(true));
      inView.add(slice.getBaseFile().get().getFileName());
    }
    assertThat(inView.size(), is(6));
    assertThat(skeletonFilesOnDisk(base), is(inView));
    assertThat("the source files are untouched", contents(source), is(sourceBytes));
  }

  private static Set<String> skeletonFilesOnDisk(String base) throws IOException {
    try (Stream<java.nio.file.Path> files = Files.walk(new File(base).toPath())) {
      return files
          .filter(f -> !f.toString().contains("/.hoodie/"))
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(".parquet"))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  /** Every file under {@code source} with its bytes in hex. */
  private static Map<String, String> contents(File source) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<java.nio.file.Path> files = Files.walk(source.toPath())) {
      for (java.nio.file.Path f : files.filter(Files::isRegularFile).toList()) {
        out.put(
            source.toPath().relativize(f).toString(),
            java.util.HexFormat.of().formatHex(Files.readAllBytes(f)));
      }
    }
    return out;
  }
}
