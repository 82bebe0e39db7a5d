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
package io.hudibeam.commit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.table.marker.WriteMarkers;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class MarkerStoreTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void markerNamesRoundTripAndMatchHudisForm() throws Exception {
    Marker marker = Marker.of("2026/11/29", "f-0_1-2-3_20261129120000000.parquet", IOType.MERGE);
    assertThat(
        marker.relativeName(), is("2026/11/29/f-0_1-2-3_20261129120000000.parquet.marker.MERGE"));
    assertThat(
        marker.relativeName(),
        is(
            "2026/11/29/"
                + hudiMarkerFileName(
                    "f-0_1-2-3_20261129120000000.parquet",
                    org.apache.hudi.common.model.IOType.MERGE)));
    assertThat(Marker.parse(marker.relativeName()), is(marker));
    Marker unpartitioned = Marker.of("", "f-0_1-2-3_20261129120000000.parquet", IOType.CREATE);
    assertThat(Marker.parse(unpartitioned.relativeName()), is(unpartitioned));
    assertThat(unpartitioned.dataFileRelativePath(), is("f-0_1-2-3_20261129120000000.parquet"));
  }

  /** Hudi's protected {@code WriteMarkers.getMarkerFileName}, called by reflection. */
  private static String hudiMarkerFileName(
      String dataFileName, org.apache.hudi.common.model.IOType type) throws Exception {
    java.lang.reflect.Method method =
        WriteMarkers.class.getDeclaredMethod(
            "getMarkerFileName", String.class, org.apache.hudi.common.model.IOType.class);
    method.setAccessible(true);
    return (String) method.invoke(null, dataFileName, type);
  }

  @Test
  public void badMarkerNamesAreRefused() {
    assertThat(
        assertThrows(HudiTableException.class, () -> Marker.parse("a/b.parquet")).getMessage(),
        containsString("'a/b.parquet' is not a marker name"));
    assertThat(
        assertThrows(HudiTableException.class, () -> Marker.parse("a/b.parquet.marker.WRITE"))
            .getMessage(),
        containsString("CREATE, MERGE or APPEND"));
  }

  @Test
  public void listsDirectAndTimelineServerMarkers() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(tmp.getRoot().getAbsolutePath());
    MarkerStore store = new MarkerStore(fs, paths, InstantTime.parse("20261129120000000"));
    assertThat(store.list(), is(List.of()));
    Marker a = Marker.of("p1", "a-0_0-0-0_20261129120000000.parquet", IOType.CREATE);
    Marker b = Marker.of("", "b-0_0-0-0_20261129120000000.parquet", IOType.MERGE);
    store.create(a);
    store.create(b);
    try (FSDataOutputStream out = fs.create(new Path(store.folder(), "MARKERS.type"))) {
      out.write("TIMELINE_SERVER_BASED".getBytes(StandardCharsets.UTF_8));
    }
    Marker c = Marker.of("p2", "c-0_0-0-0_20261129120000000.parquet", IOType.CREATE);
    try (FSDataOutputStream out = fs.create(new Path(store.folder(), "MARKERS0"))) {
      out.write((c.relativeName() + "\n").getBytes(StandardCharsets.UTF_8));
    }
    assertThat(store.list(), is(List.of(b, a, c)));
    store.deleteAll();
    assertThat(fs.exists(store.folder()), is(false));
    assertThat(store.list(), is(List.of()));
  }
}
