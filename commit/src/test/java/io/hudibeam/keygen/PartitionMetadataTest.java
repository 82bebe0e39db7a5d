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
package io.hudibeam.keygen;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.HudiTableException;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.model.HoodiePartitionMetadata;
import org.apache.hudi.storage.HoodieStorage;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class PartitionMetadataTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private FileSystem fs;
  private Path base;

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
    base = new Path(tmp.newFolder("table").getAbsolutePath());
  }

  @Test
  public void hudiReadsWhatWeWrite() throws IOException {
    HoodieStorage storage = new HoodieHadoopStorage(fs);
    for (String partition : List.of("chennai", "year=2024/month=04", "a/b/c", "")) {
      Path dir = PartitionMetadata.partitionDirectory(base, partition);
      PartitionMetadata metadata = PartitionMetadata.forPartition("20240401123456789", partition);
      assertThat(metadata.writeIfAbsent(fs, dir, "0-1-2"), equalTo(true));

      HoodiePartitionMetadata hudi =
          new HoodiePartitionMetadata(storage, new StoragePath(dir.toString()));
      assertThat(hudi.readPartitionCreatedCommitTime().get(), equalTo("20240401123456789"));
      hudi.readFromFS();
      assertThat(
          partition,
          hudi.getPartitionDepth(),
          equalTo(partition.isEmpty() ? 0 : partition.split("/").length));
      assertThat(
          HoodiePartitionMetadata.hasPartitionMetadata(storage, new StoragePath(dir.toString())),
          equalTo(true));
      assertThat(
          "no temporary file is left",
          listNames(dir).stream()
              .filter(n -> n.startsWith(".hoodie_partition"))
              .collect(Collectors.toList()),
          equalTo(List.of(".hoodie_partition_metadata")));
    }
  }

  @Test
  public void weReadWhatHudiWrites() throws IOException {
    HoodieStorage storage = new HoodieHadoopStorage(fs);
    Path dir = new Path(base, "city=paris/day=01");
    new HoodiePartitionMetadata(
            storage,
            "20240102030405006",
            new StoragePath(base.toString()),
            new StoragePath(dir.toString()),
            org.apache.hudi.common.util.Option.empty())
        .trySave();
    assertThat(
        PartitionMetadata.read(fs, dir),
        equalTo(Optional.of(PartitionMetadata.of("20240102030405006", 2))));
  }

  @Test
  public void readsTheGoldenTablesPartitionMetadata() throws IOException {
    Path dir =
        new Path(
            new File(
                    getClass()
                        .getResource("/keygen/golden_chennai/.hoodie_partition_metadata")
                        .getFile())
                .getParentFile()
                .toURI());
    PartitionMetadata metadata = PartitionMetadata.read(fs, dir).orElseThrow();
    assertThat(metadata.commitTime(), equalTo("20261129114500216"));
    assertThat(metadata.partitionDepth(), equalTo(1));
  }

  @Test
  public void fileIsPropertiesTextWithHudisCommentAndKeys() {
    String text =
        new String(
            PartitionMetadata.of("20240401123456789", 2).toBytes(), StandardCharsets.ISO_8859_1);
    List<String> lines = Arrays.asList(text.split("\\R"));
    assertThat(lines.size(), equalTo(4));
    assertThat(lines.get(0), equalTo("#partition metadata"));
    assertThat(lines.get(1), startsWith("#"));
    assertThat(
        lines.subList(2, 4).stream().sorted().collect(Collectors.toList()),
        equalTo(List.of("commitTime=20240401123456789", "partitionDepth=2")));
    assertThat(
        PartitionMetadata.fromBytes(text.getBytes(StandardCharsets.ISO_8859_1), "x"),
        equalTo(PartitionMetadata.of("20240401123456789", 2)));
  }

  @Test
  public void existingFileIsNeverRewritten() throws IOException {
    Path dir = new Path(base, "p");
    assertThat(
        PartitionMetadata.forPartition("001", "p").writeIfAbsent(fs, dir, "a"), equalTo(true));
    assertThat(
        PartitionMetadata.forPartition("002", "p").writeIfAbsent(fs, dir, "b"), equalTo(false));
    assertThat(
        PartitionMetadata.read(fs, dir), equalTo(Optional.of(PartitionMetadata.of("001", 1))));
    assertThat(listNames(dir), equalTo(List.of(".hoodie_partition_metadata")));
  }

  /**
   * S3A's rename onto an existing file throws FileAlreadyExistsException (HDFS returns false): the
   * other writer's file, created between the last check and the rename, is kept.
   */
  @Test
  public void aRenameRefusedWithFileAlreadyExistsKeepsTheOtherWritersFile() throws IOException {
    Path dir = new Path(base, "p");
    FileSystem refusing =
        new FilterFileSystem(fs) {
          @Override
          public boolean rename(Path src, Path dst) throws IOException {
            PartitionMetadata.forPartition("001", "p").writeIfAbsent(fs, dst.getParent(), "other");
            throw new FileAlreadyExistsException(
                "Failed to rename " + src + " to " + dst + "; destination file exists");
          }
        };
    assertThat(
        PartitionMetadata.forPartition("002", "p").writeIfAbsent(refusing, dir, "w1"),
        equalTo(false));
    assertThat(
        PartitionMetadata.read(fs, dir), equalTo(Optional.of(PartitionMetadata.of("001", 1))));
    assertThat(listNames(dir), equalTo(List.of(".hoodie_partition_metadata")));
  }

  @Test
  public void aStaleTemporaryFileOfTheSameWriterIsReplaced() throws IOException {
    Path dir = new Path(base, "p");
    fs.mkdirs(dir);
    try (OutputStream out = fs.create(new Path(dir, ".hoodie_partition_metadata_w1"))) {
      out.write("garbage".getBytes(StandardCharsets.UTF_8));
    }
    assertThat(
        PartitionMetadata.forPartition("003", "p").writeIfAbsent(fs, dir, "w1"), equalTo(true));
    assertThat(
        PartitionMetadata.read(fs, dir), equalTo(Optional.of(PartitionMetadata.of("003", 1))));
  }

  @Test
  public void absentFileReadsAsEmpty() {
    assertThat(PartitionMetadata.read(fs, new Path(base, "nowhere")), equalTo(Optional.empty()));
  }

  @Test
  public void depthCountsSegments() {
    assertThat(PartitionMetadata.depthOf(""), equalTo(0));
    assertThat(PartitionMetadata.depthOf("2024"), equalTo(1));
    assertThat(PartitionMetadata.depthOf("2024/04/01"), equalTo(3));
    assertThat(PartitionMetadata.partitionDirectory(new Path("/t"), ""), equalTo(new Path("/t")));
    assertThat(
        PartitionMetadata.partitionDirectory(new Path("/t"), "a=1/b=2"),
        equalTo(new Path("/t/a=1/b=2")));
  }

  @Test
  public void invalidPartitionPathsAndValuesAreRejected() {
    for (String bad : List.of("/a", "a/", "a//b", "/")) {
      assertThat(
          assertThrows(HudiTableException.class, () -> PartitionMetadata.depthOf(bad)).getMessage(),
          equalTo(
              "partition path '"
                  + bad
                  + "' must be relative segments separated by single '/', without"
                  + " leading or trailing '/'"));
    }
    assertThat(
        assertThrows(HudiTableException.class, () -> PartitionMetadata.of("2024-01", 1))
            .getMessage(),
        equalTo(
            "partition metadata commitTime must be an instant time of digits, but was '2024-01'"));
    assertThat(
        assertThrows(HudiTableException.class, () -> PartitionMetadata.of("1", -1)).getMessage(),
        equalTo("partition metadata partitionDepth must be >= 0, but was -1"));
    assertThat(
        assertThrows(
                HudiTableException.class,
                () -> PartitionMetadata.of("1", 0).writeIfAbsent(fs, base, "a/b"))
            .getMessage(),
        equalTo("partition metadata writer suffix must match [A-Za-z0-9_-]+, but was 'a/b'"));
  }

  @Test
  public void invalidFileContentIsRejectedNamingTheFile() {
    assertThat(
        parseError("#partition metadata\ncommitTime=001\n"),
        equalTo(
            "partition metadata f must have keys commitTime and partitionDepth, but has [commitTime]"));
    assertThat(
        parseError("commitTime=001\npartitionDepth=two\n"),
        equalTo("partition metadata f has partitionDepth=two, expected a non-negative integer"));
    assertThat(
        parseError("commitTime=abc\npartitionDepth=1\n"),
        equalTo(
            "invalid partition metadata f: partition metadata commitTime must be an instant time of digits,"
                + " but was 'abc'"));
  }

  private static String parseError(String content) {
    return assertThrows(
            HudiTableException.class,
            () -> PartitionMetadata.fromBytes(content.getBytes(StandardCharsets.ISO_8859_1), "f"))
        .getMessage();
  }

  private List<String> listNames(Path dir) throws IOException {
    return Arrays.stream(fs.listStatus(dir))
        .map(s -> s.getPath().getName())
        .filter(n -> !n.endsWith(".crc"))
        .sorted()
        .collect(Collectors.toList());
  }
}
