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
package io.hudibeam.write;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.files.FileId;
import io.hudibeam.files.LogFileName;
import io.hudibeam.files.WriteToken;
import io.hudibeam.log.HeaderKey;
import io.hudibeam.metadata.CompactionOperation;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * What a compaction refuses of the log blocks Hudi 1.x writes on table version 8, with a message
 * naming the file: partial-update blocks ({@code IS_PARTIAL=true}), whose records carry only some
 * fields.
 */
public class CompactHandleRefusalsTest {
  private static final FileId FILE_ID = FileId.parse("1ef3941a-84d5-41d3-9733-fc0c2167412b-0");
  private static final InstantTime DELTA = InstantTime.parse("20261201100000100");
  private static final InstantTime COMPACTION = InstantTime.parse("20261201100000300");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /**
   * One block as Hudi's log format frames it (magic, block length, format version 1, type, header,
   * content length, content, empty footer, total length): a command block carrying {@code header}.
   */
  private static byte[] commandBlock(Map<HeaderKey, String> header) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(body);
    out.writeInt(1); // log format version
    out.writeInt(0); // COMMAND_BLOCK
    out.writeInt(header.size());
    for (Map.Entry<HeaderKey, String> e : header.entrySet()) {
      byte[] value = e.getValue().getBytes(StandardCharsets.UTF_8);
      out.writeInt(e.getKey().code());
      out.writeInt(value.length);
      out.write(value);
    }
    out.writeLong(0); // content length
    out.writeInt(0); // footer entries
    out.flush();
    long blockLength = body.size() + 8L;
    ByteArrayOutputStream block = new ByteArrayOutputStream();
    DataOutputStream framed = new DataOutputStream(block);
    framed.write("#HUDI#".getBytes(StandardCharsets.US_ASCII));
    framed.writeLong(blockLength);
    framed.write(body.toByteArray());
    framed.writeLong(blockLength + 6);
    framed.flush();
    return block.toByteArray();
  }

  @Test
  public void refusesPartialUpdateBlocks() throws Exception {
    Configuration conf = new Configuration();
    FileSystem fs = FileSystem.getLocal(conf);
    TablePaths paths = TablePaths.of(tmp.getRoot().getAbsolutePath() + "/trips");
    LogFileName log = LogFileName.of(FILE_ID, DELTA, 1, WriteToken.of(0, 1, 1));
    File partition = new File(paths.basePathString(), "london");
    partition.mkdirs();
    File logFile = new File(partition, log.value());
    Map<HeaderKey, String> header = new java.util.EnumMap<>(HeaderKey.class);
    header.put(HeaderKey.INSTANT_TIME, DELTA.value());
    header.put(HeaderKey.IS_PARTIAL, "true");
    Files.write(logFile.toPath(), commandBlock(header));

    WriteContext context =
        WriteContext.builder()
            .conf(conf)
            .fs(fs)
            .paths(paths)
            .instant(COMPACTION)
            .schema(TripsData.SCHEMA)
            .parquet(ParquetSettings.defaults())
            .writeToken(WriteToken.of(0, 2, 1))
            .build();
    CompactionOperation operation =
        new CompactionOperation(
            "london",
            FILE_ID.value(),
            DELTA.value(),
            Optional.empty(),
            List.of(log.value()),
            Map.of());
    Timeline completed =
        Timeline.of(
            List.of(
                Instant.completed(
                    DELTA, Action.DELTA_COMMIT, InstantTime.parse("20261201100000110"))));
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> new CompactHandle(context).compact(operation, completed));
    assertThat(
        e.getMessage(),
        is(
            "Log file "
                + new org.apache.hadoop.fs.Path(paths.partitionFolder("london"), log.value())
                + " holds a partial-update block (IS_PARTIAL=true, Hudi 1.x's partial updates);"
                + " this compactor merges whole records only. Compact this table with Hudi 1.x"));
  }
}
