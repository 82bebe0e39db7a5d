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
package io.hudibeam.index;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.hudibeam.basefile.BaseFileFooter;
import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.basefile.BaseFileWriter;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class FileKeyLookupTest {
  private static final String FILE_NAME =
      "00000001-387f-490d-aab2-981c3f1a8ada-0_0-1-2_20240101000000000.parquet";

  /** Written by Hudi 0.15's Spark writer (upsert, ComplexKeyGenerator on uuid,rider). */
  private static final String GOLDEN_FILE =
      "/golden/v6_cow_complexkey_hive/city=london/32e16d7b-cc04-4092-bf39-b3c8ac49f2d2-0_1-18-38_20261129115100240.parquet";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final Configuration conf = new Configuration();

  @Test
  public void confirmsOnlyStoredKeysEvenWhenTheBloomFilterIsWrong() throws Exception {
    // A tiny filter with a high false positive rate, so absent keys pass the filter.
    ParquetSettings settings =
        SettingsReader.parquet(
            Map.of(
                ParquetSettings.BLOOM_FILTER_TYPE,
                "simple",
                ParquetSettings.BLOOM_NUM_ENTRIES,
                "10",
                ParquetSettings.BLOOM_FPP,
                "0.5"));
    Path path = new Path(tmp.newFolder("p").getAbsolutePath(), FILE_NAME);
    BaseFileWriter writer = BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, settings);
    for (long i = 0; i < 200; i += 2) {
      writer.write("20240101000000000", TripsData.key(i), "p", TripsData.record(0, i));
    }
    writer.close();

    List<String> candidates = TripsData.keys(0, 200);
    FileKeyLookup.Result result =
        FileKeyLookup.of(BaseFileReader.of(conf, path)).lookup(candidates);
    List<String> even = new ArrayList<>();
    for (long i = 0; i < 200; i += 2) {
      even.add(TripsData.key(i));
    }
    assertThat(result.confirmedKeys(), is(even));
    assertThat(result.bloomFilterMatches(), greaterThan(100));

    BaseFile baseFile = BaseFile.of("p", BaseFileName.parse(FILE_NAME), 1);
    FileKeyRange range =
        FileKeyRange.fromFooter(baseFile, BaseFileReader.of(conf, path).readFooter());
    assertThat(range, is(FileKeyRange.of(baseFile, TripsData.key(0), TripsData.key(198))));
  }

  @Test
  public void defaultFilterPrunesAbsentKeysWithoutReadingThem() throws Exception {
    Path path = new Path(tmp.newFolder("p").getAbsolutePath(), FILE_NAME);
    BaseFileWriter writer =
        BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, ParquetSettings.defaults());
    for (long i = 0; i < 50; i++) {
      writer.write("20240101000000000", TripsData.key(i), "p", TripsData.record(0, i));
    }
    writer.close();
    FileKeyLookup lookup = FileKeyLookup.of(BaseFileReader.of(conf, path));
    FileKeyLookup.Result absent = lookup.lookup(TripsData.keys(1000, 100));
    assertThat(absent.bloomFilterMatches(), is(0));
    assertThat(absent.confirmedKeys(), is(List.of()));
    assertThat(lookup.lookup(List.of()).confirmedKeys(), is(List.of()));
    FileKeyLookup.Result some =
        lookup.lookup(List.of(TripsData.key(7), TripsData.key(3), TripsData.key(3000)));
    assertThat(some.confirmedKeys(), is(List.of(TripsData.key(3), TripsData.key(7))));
    assertThat(some.bloomFilterMatches(), is(2));
  }

  @Test
  public void looksUpKeysInAFileHudiWrote() throws URISyntaxException {
    Path path = new Path(new File(getClass().getResource(GOLDEN_FILE).toURI()).getAbsolutePath());
    BaseFileReader reader = BaseFileReader.of(conf, path);
    List<String> stored = reader.readRecordKeys();
    assertThat(stored.size(), greaterThan(10));
    BaseFileFooter footer = reader.readFooter();
    BaseFile baseFile = BaseFile.of("city=london", BaseFileName.parse(path.getName()), 1);
    FileKeyRange range = FileKeyRange.fromFooter(baseFile, footer);
    TreeSet<String> sorted = new TreeSet<>(stored);
    assertThat(range, is(FileKeyRange.of(baseFile, sorted.first(), sorted.last())));

    List<String> candidates = new ArrayList<>(stored.subList(0, 10));
    candidates.add("uuid:trip-999999999999,rider:rider-X");
    candidates.add(stored.get(0).replace("rider:", "rider:not-"));
    FileKeyLookup.Result result = FileKeyLookup.of(reader).lookup(candidates);
    List<String> expected = new ArrayList<>(stored.subList(0, 10));
    Collections.sort(expected);
    assertThat(result.confirmedKeys(), is(expected));
    assertThat(result.bloomFilterMatches(), is(10));
  }
}
