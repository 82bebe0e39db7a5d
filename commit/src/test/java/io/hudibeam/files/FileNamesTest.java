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
package io.hudibeam.files;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.timeline.InstantTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.hudi.common.fs.FSUtils;
import org.apache.hudi.common.model.HoodieLogFile;
import org.junit.Test;

public class FileNamesTest {
  private static final FileId FILE_ID = FileId.parse("1ef3941a-84d5-41d3-9733-fc0c2167412b-6");
  private static final WriteToken TOKEN = WriteToken.of(7, 18, 44);
  private static final InstantTime T = InstantTime.parse("20261129114517514");

  @Test
  public void baseFileNameRoundTripsAndAgreesWithHudi() {
    BaseFileName name = BaseFileName.of(FILE_ID, TOKEN, T);
    String hudi = FSUtils.makeBaseFileName(T.value(), TOKEN.value(), FILE_ID.value(), ".parquet");
    assertThat(name.value(), is(hudi));
    assertThat(
        name.value(),
        is("1ef3941a-84d5-41d3-9733-fc0c2167412b-6_7-18-44_20261129114517514.parquet"));
    assertThat(BaseFileName.parse(hudi), is(name));
    assertThat(FSUtils.getFileId(name.value()), is(FILE_ID.value()));
    assertThat(FSUtils.getCommitTime(name.value()), is(T.value()));
    assertThat(TOKEN.value(), is(FSUtils.makeWriteToken(7, 18, 44)));
  }

  @Test
  public void logFileNameRoundTripsAndAgreesWithHudi() {
    LogFileName name = LogFileName.of(FILE_ID, T, 3, WriteToken.of(0, 26, 85));
    String hudi = FSUtils.makeLogFileName(FILE_ID.value(), ".log", T.value(), 3, "0-26-85");
    assertThat(name.value(), is(hudi));
    assertThat(LogFileName.parse(hudi), is(name));
    HoodieLogFile hudiLog = new HoodieLogFile(hudi);
    assertThat(hudiLog.getFileId(), is(FILE_ID.value()));
    assertThat(hudiLog.getBaseCommitTime(), is(T.value()));
    assertThat(hudiLog.getLogVersion(), is(3));
    assertThat(hudiLog.getLogWriteToken(), is("0-26-85"));
  }

  @Test
  public void logFilesSortInSliceOrder() {
    LogFileName v2 = LogFileName.of(FILE_ID, T, 2, WriteToken.of(0, 1, 1));
    LogFileName v1 = LogFileName.of(FILE_ID, T, 1, WriteToken.of(9, 9, 9));
    List<LogFileName> sorted = new java.util.ArrayList<>(List.of(v2, v1));
    java.util.Collections.sort(sorted);
    assertThat(sorted, is(List.of(v1, v2)));
  }

  @Test
  public void newFileIdsHaveTheUuidIndexForm() {
    UUID prefix = UUID.fromString("1ef3941a-84d5-41d3-9733-fc0c2167412b");
    assertThat(FileId.of(prefix, 6), is(FILE_ID));
    assertThat(FSUtils.getFileIdPfxFromFileId(FileId.of(prefix, 6).value()), is(prefix.toString()));
  }

  @Test
  public void malformedNamesAreRefusedNamingTheNameAndTheForm() {
    for (String bad :
        List.of(
            "abc.parquet",
            "a-0_1-2-3.parquet",
            "a-0_1-2-3_2026.parquet.crc",
            "1ef3941a-0_1-2_20261129114517514.parquet",
            "1ef3941a-0_1-2-3_20261129114517514_x.parquet",
            "1ef3941a-0_1-2-3_20261129114517514.orc",
            ".1ef3941a-0_20261129114517514.log.1_1-0-1")) {
      assertThat(bad, BaseFileName.tryParse(bad), is(Optional.empty()));
      InvalidFileNameException e =
          assertThrows(InvalidFileNameException.class, () -> BaseFileName.parse(bad));
      assertThat(e.getMessage(), containsString("'" + bad + "' is not a base file name"));
    }
    for (String bad :
        List.of(
            "1ef3941a-0_20261129114517514.log.1_1-0-1",
            ".1ef3941a-0_20261129114517514.log.0_1-0-1",
            ".1ef3941a-0_20261129114517514.log.1",
            ".1ef3941a-0_20261129114517514.log.1_1-0")) {
      assertThat(bad, LogFileName.tryParse(bad), is(Optional.empty()));
      InvalidFileNameException e =
          assertThrows(InvalidFileNameException.class, () -> LogFileName.parse(bad));
      assertThat(e.getMessage(), containsString("'" + bad + "' is not a log file name"));
    }
    assertThat(
        assertThrows(InvalidFileNameException.class, () -> FileId.parse("a_b-1")).getMessage(),
        containsString("'a_b-1'"));
    assertThat(
        assertThrows(InvalidFileNameException.class, () -> FileId.parse("abc")).getMessage(),
        containsString("<uuid>-<n>"));
    // Hudi Spark's METADATA_ONLY bootstrap names its skeleton file groups by a bare UUID.
    String bare = "1ef3941a-84d5-41d3-9733-fc0c2167412b";
    assertThat(FileId.parse(bare).value(), is(bare));
    assertThat(
        BaseFileName.parse(bare + "_0-1-0_00000000000001.parquet").fileId().value(), is(bare));
    assertThrows(
        InvalidFileNameException.class, () -> FileId.parse("1ef3941a-84d5-41d3-9733-fc0c2167412x"));
    assertThat(
        assertThrows(InvalidFileNameException.class, () -> WriteToken.parse("1-2")).getMessage(),
        containsString("'1-2'"));
  }
}
