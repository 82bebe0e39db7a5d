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

import static io.hudibeam.HudiIOTesting.content;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Corrupt or odd table metadata is refused when the instant starts, with a message naming the file,
 * before anything is written: every file of the table is byte for byte what it was after the
 * refusal (no rollback, no requested instant, no repair), and Hudi's reader still reads the rows
 * committed before, row by row. One two-commit table is written once and copied for each case.
 */
public class HudiIOCorruptTableIT {
  @ClassRule public static TemporaryFolder shared = new TemporaryFolder();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static String original;
  private static List<String> committedRows;
  private static String latestInstant;
  private static String latestBaseFile;

  /**
   * Insert trips 0..11 (batch 0), then upsert 6..17 (batch 1): the latest commit merges and
   * creates.
   */
  @BeforeClass
  public static void writeTable() throws Exception {
    original = shared.newFolder("trips").getAbsolutePath();
    run(original, TripsRows.batch(0, 0, 12), WriteOperation.INSERT);
    run(original, TripsRows.batch(1, 6, 12), WriteOperation.UPSERT);
    HudiTableReader reader = HudiTableReader.of(original);
    committedRows = content(reader);
    assertThat(committedRows.size(), is(18));
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants.size(), is(2));
    latestInstant = instants.get(1);
    HoodieCommitMetadata metadata = HudiIOTesting.commitMetadata(reader, latestInstant);
    HoodieWriteStat updated =
        metadata.getWriteStats().stream()
            .filter(s -> s.getNumUpdateWrites() > 0)
            .findFirst()
            .orElseThrow();
    latestBaseFile = updated.getPath();
  }

  private static HudiIO.Write<Row> trips(String base, WriteOperation operation) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withOperation(operation);
  }

  private static void run(String base, List<Row> rows, WriteOperation operation) {
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(rows).withRowSchema(TripsRows.SCHEMA)).apply(trips(base, operation));
    p.run().waitUntilFinish();
  }

  /** A copy of the two-commit table. */
  private String copy() throws IOException {
    Path target = tmp.newFolder("copy").toPath();
    Path source = Paths.get(original);
    try (Stream<Path> files = Files.walk(source)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path to = target.resolve(source.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
        } else {
          Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    return target.toString();
  }

  /**
   * Every file under the base path (Hadoop's .crc files included) with the SHA-256 of its bytes.
   */
  private static TreeMap<String, String> files(String base) {
    Path root = Paths.get(base);
    TreeMap<String, String> out = new TreeMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (Path f : (Iterable<Path>) files::iterator) {
        out.put(
            root.relativize(f).toString(),
            Files.isDirectory(f)
                ? "folder"
                : HexFormat.of().formatHex(sha.digest(Files.readAllBytes(f))));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    return out;
  }

  /**
   * Upserts trips 0..3 (batch 2) into {@code base}, expects the start of the instant to refuse with
   * exactly {@code message}, and checks that not one file changed.
   */
  private static void assertRefused(String base, String message) {
    TreeMap<String, String> before = files(base);
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(TripsRows.batch(2, 0, 4)).withRowSchema(TripsRows.SCHEMA))
        .apply(trips(base, WriteOperation.UPSERT));
    Pipeline.PipelineExecutionException failure =
        assertThrows(Pipeline.PipelineExecutionException.class, () -> p.run().waitUntilFinish());
    assertThat(failure.getCause().getMessage(), is(message));
    assertThat(files(base), is(before));
  }

  private static File meta(String base, String name) {
    return new File(new File(base, ".hoodie"), name);
  }

  /**
   * Overwrites {@code file} as a corruption on S3 or HDFS would: Hadoop's local file system keeps a
   * {@code .name.crc} sidecar, which is removed so that the content, not the checksum, is judged.
   */
  private static void write(File file, String text) throws IOException {
    Files.writeString(file.toPath(), text, StandardCharsets.UTF_8);
    Files.deleteIfExists(new File(file.getParentFile(), "." + file.getName() + ".crc").toPath());
  }

  @Test
  public void emptyOrGarbageHoodiePropertiesWithoutABackupAreRefused() throws Exception {
    String base = copy();
    File properties = meta(base, "hoodie.properties");
    byte[] good = Files.readAllBytes(properties.toPath());
    write(properties, "");
    assertRefused(
        base,
        properties
            + " is empty: it holds no table properties, and there is no backup "
            + meta(base, "hoodie.properties.backup")
            + ". Restore hoodie.properties from a copy");
    write(properties, "this is not a table config\n{\"json\": true}\n");
    assertRefused(
        base,
        properties
            + " has no hoodie.table.name, and there is no backup "
            + meta(base, "hoodie.properties.backup")
            + ". Restore hoodie.properties from a copy");

    // Restored, the table is what it was, and writable.
    Files.write(properties.toPath(), good);
    assertThat(content(HudiTableReader.of(base)), is(committedRows));
    run(base, TripsRows.batch(2, 0, 4), WriteOperation.UPSERT);
    assertThat(content(HudiTableReader.of(base)), is(withBatch2(0, 4)));
  }

  @Test
  public void aGarbageHoodiePropertiesWithAGarbageBackupIsRefusedNamingBoth() throws Exception {
    String base = copy();
    File properties = meta(base, "hoodie.properties");
    File backup = meta(base, "hoodie.properties.backup");
    write(properties, "garbage");
    write(backup, "");
    assertRefused(
        base,
        properties
            + " has no hoodie.table.name, and its backup is unreadable too: "
            + backup
            + " is empty: it holds no table properties. Restore hoodie.properties from a copy");
  }

  /**
   * A valid backup beside an empty or garbage hoodie.properties is what an interrupted update of
   * the table config leaves (Hudi's HoodieTableConfig.fetchConfigs): Hudi's readers then read the
   * backup, and so does this writer, without rewriting either file.
   */
  @Test
  public void aValidBackupIsUsedAsHudisReadersUseItAndNothingIsRepaired() throws Exception {
    String base = copy();
    File properties = meta(base, "hoodie.properties");
    File backup = meta(base, "hoodie.properties.backup");
    Files.copy(properties.toPath(), backup.toPath());
    byte[] backupBytes = Files.readAllBytes(backup.toPath());
    write(properties, "");
    run(base, TripsRows.batch(2, 0, 4), WriteOperation.UPSERT);
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(content(reader), is(withBatch2(0, 4)));
    assertThat(reader.completedInstantTimes().size(), is(3));
    assertThat(Files.readAllBytes(properties.toPath()).length, is(0));
    assertThat(Files.readAllBytes(backup.toPath()), is(backupBytes));
  }

  @Test
  public void aTimelineWithoutHoodiePropertiesOrBackupIsRefused() throws Exception {
    String base = copy();
    File properties = meta(base, "hoodie.properties");
    byte[] good = Files.readAllBytes(properties.toPath());
    Files.delete(properties.toPath());
    assertRefused(
        base,
        "Table at "
            + base
            + " has a timeline (2 instants, the latest "
            + latestInstant
            + ".commit) but neither "
            + properties
            + " nor "
            + meta(base, "hoodie.properties.backup")
            + " exists: the table config is lost. Restore hoodie.properties from a copy; this writer does not"
            + " create a new one over committed data. Nothing was written");
    Files.write(properties.toPath(), good);
    assertThat(content(HudiTableReader.of(base)), is(committedRows));
  }

  @Test
  public void anEmptyOrGarbageCompletedCommitIsRefusedAndLeavesNoRequestedInstant()
      throws Exception {
    String base = copy();
    File commit = meta(base, latestInstant + ".commit");
    byte[] good = Files.readAllBytes(commit.toPath());
    write(commit, "");
    assertRefused(
        base,
        "Completed instant file "
            + commit
            + " is empty; a completed commit holds its metadata"
            + " (the files it wrote or removed), so the timeline is corrupt. Restore the file from a copy. Nothing"
            + " was written");
    write(commit, "{ not json");
    String refusal =
        assertRefusedStartingWith(
            base, "Completed instant file " + commit + " is not valid commit metadata (");
    assertThat(
        refusal,
        refusal.endsWith(
            "), so the timeline is corrupt. Restore the file from a copy. Nothing"
                + " was written"),
        is(true));

    Files.write(commit.toPath(), good);
    assertThat(content(HudiTableReader.of(base)), is(committedRows));
  }

  @Test
  public void aMissingBaseFileOfTheLatestCommitIsRefusedInsteadOfMergingIntoTheOlderSlice()
      throws Exception {
    String base = copy();
    File missing = new File(base, latestBaseFile);
    Path saved = tmp.getRoot().toPath().resolve("saved.parquet");
    Files.move(missing.toPath(), saved);
    String fileId = missing.getName().substring(0, missing.getName().indexOf('_'));
    assertRefused(
        base,
        "Data file "
            + missing
            + ", written by the latest completed instant "
            + latestInstant
            + " ("
            + meta(base, latestInstant + ".commit")
            + "), is missing. A write now would merge into an older"
            + " version of file group "
            + fileId
            + " and lose that instant's changes for good. Restore the file from"
            + " a copy. Nothing was written");
    Files.move(saved, missing.toPath());
    assertThat(content(HudiTableReader.of(base)), is(committedRows));
  }

  @Test
  public void anInstantFarAheadOfTheClockIsRefused() throws Exception {
    String base = copy();
    // The case: an empty completed commit dated 2099 (TableIntegrityTest: pending ones, the
    // tolerances).
    File future = meta(base, "20991231000000000.commit");
    write(future, "");
    String refusal =
        assertRefusedStartingWith(
            base,
            "Instant file "
                + future
                + " is dated 20991231000000000,"
                + " more than 27 hours after this writer's clock (");
    assertThat(
        refusal,
        refusal.endsWith(
            " in the table's timeline zone, hoodie.table.timeline.timezone=LOCAL)."
                + " A new instant must come after every instant on the timeline, so every later instant would be dated"
                + " after 20991231000000000. Check the clock of the writer that made it, or remove the file if it was"
                + " not made by a writer. Nothing was written"),
        is(true));
    Files.delete(future.toPath());
    assertThat(content(HudiTableReader.of(base)), is(committedRows));
    run(base, TripsRows.batch(2, 0, 4), WriteOperation.UPSERT);
    List<String> instants = HudiTableReader.of(base).completedInstantTimes();
    assertThat(instants.get(2).compareTo("2099") < 0, is(true));
    assertThat(content(HudiTableReader.of(base)), is(withBatch2(0, 4)));
  }

  private static String assertRefusedStartingWith(String base, String prefix) {
    TreeMap<String, String> before = files(base);
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(TripsRows.batch(2, 0, 4)).withRowSchema(TripsRows.SCHEMA))
        .apply(trips(base, WriteOperation.UPSERT));
    Pipeline.PipelineExecutionException failure =
        assertThrows(Pipeline.PipelineExecutionException.class, () -> p.run().waitUntilFinish());
    String message = failure.getCause().getMessage();
    assertThat(message, message.startsWith(prefix), is(true));
    assertThat(files(base), is(before));
    return message;
  }

  /** The committed rows with trips from..from+count-1 replaced by batch 2. */
  private static List<String> withBatch2(long from, long count) {
    List<String> out = new ArrayList<>();
    for (String row : committedRows) {
      long i = Long.parseLong(row.substring("trip-".length(), row.indexOf('|')));
      if (i < from || i >= from + count) {
        out.add(row);
      }
    }
    for (long i = from; i < from + count; i++) {
      out.add(
          TripsData.key(i)
              + "|"
              + TripsData.city(i)
              + "|"
              + TripsData.values(TripsData.record(2, i)));
    }
    out.sort(null);
    return out;
  }
}
