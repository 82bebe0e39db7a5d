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
package io.hudibeam.log;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.hudibeam.files.LogFileName;
import io.hudibeam.testing.GoldenTable;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.table.log.block.HoodieDeleteBlock;
import org.apache.hudi.common.table.log.block.HoodieLogBlock;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.JUnit4;

/**
 * Our {@link LogFileReader} reads every log file of the golden MOR table Hudi 0.15's Spark writer
 * made (the data partitions' delete blocks and the metadata table's delete and HFile blocks) with
 * the same result as Hudi's own {@code HoodieLogFormat} reader: block types, headers, and deleted
 * keys with their ordering values.
 */
@RunWith(JUnit4.class)
public class GoldenLogFilesTest {
  private static final Configuration CONF = new Configuration();
  private static final String DELETE_INSTANT = "20261129114708235";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void ourReaderAgreesWithHudisOnEveryGoldenLogFile() throws IOException {
    File table = GoldenTable.V6_MOR_TRIPS.copyTo(tmp.getRoot());
    List<File> logs;
    try (Stream<java.nio.file.Path> files = Files.walk(table.toPath())) {
      logs =
          files
              .filter(p -> p.getFileName().toString().contains(".log."))
              .map(java.nio.file.Path::toFile)
              .sorted()
              .collect(Collectors.toList());
    }
    assertEquals("8 data-partition log files and 4 of the metadata table", 12, logs.size());

    TreeSet<String> deletedKeys = new TreeSet<>();
    int blocksCompared = 0;
    for (File log : logs) {
      LogFileName.parse(log.getName()); // every golden log file name parses
      Path path = new Path(log.toURI());
      List<LogBlock> ours = LogFileReader.readAll(CONF, path);
      List<HoodieLogBlock> hudis = LogFileWriterTest.readWithHudi(path, null);
      assertEquals(log.getName(), hudis.size(), ours.size());
      for (int i = 0; i < ours.size(); i++) {
        LogBlock our = ours.get(i);
        HoodieLogBlock hudi = hudis.get(i);
        String where = log.getName() + " block " + i;
        assertEquals(where, hudi.getBlockType().name(), our.type().name());
        assertEquals(where, LogFileWriterTest.headerOf(hudi), LogFileWriterTest.headerOf(our));
        if (our.type() == LogBlockType.DELETE_BLOCK) {
          List<DeleteRecord> deletes = our.deleteRecords();
          org.apache.hudi.common.model.DeleteRecord[] expected =
              ((HoodieDeleteBlock) hudi).getRecordsToDelete();
          assertEquals(where, expected.length, deletes.size());
          for (int d = 0; d < deletes.size(); d++) {
            assertEquals(where, expected[d].getRecordKey(), deletes.get(d).recordKey());
            assertEquals(where, expected[d].getPartitionPath(), deletes.get(d).partitionPath());
            assertEquals(
                where, expected[d].getOrderingValue(), deletes.get(d).orderingValue().orElse(null));
          }
          if (!log.getPath().contains("metadata")) {
            assertEquals(where, DELETE_INSTANT, our.instantTime().value());
            String partition = log.getParentFile().getName();
            for (DeleteRecord d : deletes) {
              assertEquals(where, partition, d.partitionPath());
              assertEquals(where, Integer.valueOf(0), d.orderingValue().get());
              deletedKeys.add(d.recordKey());
            }
          }
        }
        blocksCompared++;
      }
    }
    // The table's last write deleted keys 0..99 (golden README): all of them are in the delete
    // blocks.
    assertEquals(new TreeSet<>(TripsData.keys(0, 100)), deletedKeys);
    assertTrue(blocksCompared >= 12);
  }

  @Test
  public void goldenLogBlocksRoundTripThroughOurWriter() throws IOException {
    File table = GoldenTable.V6_MOR_TRIPS.copyTo(tmp.getRoot());
    File log =
        new File(
            table,
            "san_francisco/.3a28fa86-13cb-4a9f-aea2-fed743f8f42e-0_20261129114637990.log.1_0-22-38");
    List<LogBlock> blocks = LogFileReader.readAll(CONF, new Path(log.toURI()));
    assertEquals(1, blocks.size());
    LogBlock golden = blocks.get(0);
    // Re-encode the deletes with our delete block and the golden header: the bytes are Hudi's.
    LogBlock ours = LogBlock.delete(golden.instantTime(), golden.schema(), golden.deleteRecords());
    Path copy = new Path(new File(tmp.getRoot(), log.getName()).toURI());
    LogFileWriter writer = LogFileWriter.create(CONF, copy);
    writer.append(new LogBlock(ours.type(), Map.copyOf(golden.header()), ours.contentBytes()));
    writer.close();
    byte[] expected = Files.readAllBytes(log.toPath());
    byte[] actual = Files.readAllBytes(new File(copy.toUri()).toPath());
    // Hudi wrote INSTANT_TIME before SCHEMA (its header is a HashMap; ours is in key order, the
    // same here).
    assertArrayEquals(expected, actual);
  }
}
