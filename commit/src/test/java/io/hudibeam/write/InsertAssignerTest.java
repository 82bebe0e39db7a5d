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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.files.BaseFile;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.WriteToken;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.timeline.InstantTime;
import java.util.List;
import java.util.UUID;
import org.junit.Test;

public class InsertAssignerTest {
  private static final UUID PREFIX = UUID.fromString("00000000-0000-0000-0000-00000000abcd");
  private static final InstantTime T0 = InstantTime.parse("20260101000000000");
  // max file size 100,000 bytes, small-file limit 80,000 bytes
  private static final FileSizing SIZING = FileSizing.of(100_000, 80_000, 1024);

  private static BaseFile baseFile(String fileId, long size) {
    return BaseFile.of(
        "p", BaseFileName.of(FileId.parse(fileId), WriteToken.of(0, 0, 0), T0), size);
  }

  private static Bucket newGroup(int index) {
    return Bucket.newFileGroup(FileGroupId.of("p", FileId.of(PREFIX, index)));
  }

  @Test
  public void insertsFillSmallFilesInFileGroupOrderThenNewFileGroupsOfMaxSize() {
    BaseFile later = baseFile("bbbb-0", 70_000); // room for (100000-70000)/1000 = 30 inserts
    BaseFile first = baseFile("aaaa-0", 60_000); // room for 40 inserts
    BaseFile big = baseFile("cccc-0", 90_000); // over the small-file limit: not filled
    InsertAssigner assigner =
        InsertAssigner.of("p", List.of(later, big, first), SIZING, 1000, PREFIX);

    assertThat(assigner.smallFileCapacity(), is(70L));
    assertThat(assigner.bucketOf(0), is(Bucket.existing(first)));
    assertThat(assigner.bucketOf(39), is(Bucket.existing(first)));
    assertThat(assigner.bucketOf(40), is(Bucket.existing(later)));
    assertThat(assigner.bucketOf(69), is(Bucket.existing(later)));
    // then new file groups of 100000/1000 = 100 inserts each
    assertThat(assigner.bucketOf(70), is(newGroup(0)));
    assertThat(assigner.bucketOf(169), is(newGroup(0)));
    assertThat(assigner.bucketOf(170), is(newGroup(1)));
    assertThat(assigner.bucketOf(1069), is(newGroup(9)));
  }

  @Test
  public void aSmallFileWithoutRoomForOneRecordIsSkipped() {
    BaseFile almostFull = baseFile("aaaa-0", 79_900); // (100000-79900)/50000 = 0 inserts
    InsertAssigner assigner = InsertAssigner.of("p", List.of(almostFull), SIZING, 50_000, PREFIX);

    assertThat(assigner.smallFileCapacity(), is(0L));
    assertThat(assigner.bucketOf(0), is(newGroup(0)));
    assertThat(assigner.bucketOf(1), is(newGroup(0)));
    assertThat(assigner.bucketOf(2), is(newGroup(1)));
  }

  @Test
  public void theSameCountGivesTheSameBucketAcrossAssigners() {
    List<BaseFile> files = List.of(baseFile("aaaa-0", 10_000));
    InsertAssigner one = InsertAssigner.of("p", files, SIZING, 512, PREFIX);
    InsertAssigner other = InsertAssigner.of("p", files, SIZING, 512, PREFIX);
    for (long n = 0; n < 1000; n += 7) {
      assertThat(other.bucketOf(n), is(one.bucketOf(n)));
    }
  }

  @Test
  public void badArgumentsAreRefusedWithWhatWasExpected() {
    HudiTableException size =
        assertThrows(
            HudiTableException.class, () -> InsertAssigner.of("p", List.of(), SIZING, 0, PREFIX));
    assertThat(size.getMessage(), containsString("average record size must be > 0, but was 0"));
    IllegalArgumentException n =
        assertThrows(
            IllegalArgumentException.class,
            () -> InsertAssigner.of("p", List.of(), SIZING, 100, PREFIX).bucketOf(-1));
    assertThat(n.getMessage(), containsString("insert number must be >= 0, but was -1"));
  }
}
