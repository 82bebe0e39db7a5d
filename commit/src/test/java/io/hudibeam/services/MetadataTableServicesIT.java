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
package io.hudibeam.services;

import static io.hudibeam.testing.MetadataTableChecks.assertMetadataListsTheCompletedFiles;
import static io.hudibeam.testing.MetadataTableChecks.assertRowsReadThroughMetadata;
import static io.hudibeam.testing.MetadataTableChecks.initialisationInstants;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import java.io.File;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieArchivedTimeline;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * 100 HudiIO commits on a table version 6 table whose metadata table Hudi 0.15's writer created,
 * with the data table cleaned and archived after each commit (Hudi's defaults) and the metadata
 * table cleaned, compacted and archived at each write's start ({@link MetadataTableServices}): the
 * metadata table's file slices and timeline stay within the bounds Hudi's derived settings give,
 * Hudi's metadata reader lists exactly the completed files, rows read through the metadata table,
 * and Hudi's writer continues without initialising the metadata table anew.
 */
public class MetadataTableServicesIT {
  private static final int COMMITS = 100;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Map<String, GenericRecord> expected = new TreeMap<>();

  @Test
  public void hundredCommitsKeepTheMetadataTableBoundedAndHudiContinues() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    String base = new File(tmp.getRoot(), "bounded").getAbsolutePath();
    HudiReference.trips(base).metadataTable(true).create().insert(TripsData.batch(0, 0, 30));
    put(TripsData.batch(0, 0, 30));
    List<String> initialisations = initialisationInstants(base);
    TablePaths paths = TablePaths.of(base);
    TablePaths metadata = TablePaths.of(paths.metadataTableFolder().toString());
    CleanSettings clean = CleanSettings.defaults();
    ArchiveSettings archive = ArchiveSettings.defaults();
    MetadataTableSettings settings = MetadataTableSettings.defaults();
    LocalWrite ours = LocalWrite.trips(base, settings, new MetadataTableServices(clean, archive));
    CleanSettings metadataClean = MetadataTableServices.cleanSettings(clean);
    ArchiveSettings metadataArchive = MetadataTableServices.archiveSettings(archive, settings);
    assertThat(metadataClean.commitsRetained(), equalTo(20));
    assertThat(metadataArchive.minCommits(), equalTo(21));
    assertThat(metadataArchive.maxCommits(), equalTo(31));

    TreeSet<String> baseFilesEver = new TreeSet<>();
    int maxSlices = 0;
    int maxWrites = 0;
    for (int i = 1; i <= COMMITS; i++) {
      List<GenericRecord> batch = TripsData.batch(i, (i * 7L) % 30, 1);
      ours.upsert(batch);
      put(batch);
      // HudiIO's services after a commit, on the data table (Hudi's defaults).
      new Cleaner(fs, paths, clean)
          .clean(new InstantTimeGenerator(Clock.systemUTC(), TimelineTimezone.LOCAL));
      new TimelineArchiver(fs, paths, archive, clean).archive();

      List<String> hfiles = hfiles(base);
      baseFilesEver.addAll(hfiles);
      maxSlices = Math.max(maxSlices, hfiles.size());
      Timeline timeline = Timeline.load(fs, metadata);
      List<Instant> writes = timeline.completedWriteTimeline().instants();
      maxWrites = Math.max(maxWrites, writes.size());
      // Archival went as far as Hudi's rules let it: above keep.max only instants at or after the
      // data table's earliest commit or pending instant (MetadataTableArchivalBound) are left.
      Optional<InstantTime> bound = MetadataTableArchivalBound.of(fs, metadata);
      long beforeBound =
          writes.stream().filter(w -> bound.map(b -> w.time().isBefore(b)).orElse(true)).count();
      if (writes.size() > metadataArchive.maxCommits() && i > 1) {
        assertThat(
            "writes before the data bound at commit " + i,
            beforeBound,
            lessThanOrEqualTo((long) metadataArchive.maxCommits()));
      }
      assertThat(
          timeline.ofAction(Action.CLEAN).completed().size(),
          lessThanOrEqualTo(metadataArchive.maxCommits() + 1));
    }
    // The bounds: at most 4 slices (the 20 retained commits span at most 2 compactions, every
    // 10 deltacommits, plus the slice before the earliest commit to retain and the newest slice
    // cleaned only at the next start); the timeline at most the data table's window of commits
    // and cleans (30 + 30) plus compactions and the slack of one write.
    System.out.printf(
        "metadata table: %d base files written, at most %d at once; at most %d completed writes%n",
        baseFilesEver.size(), maxSlices, maxWrites);
    assertThat(baseFilesEver.size(), greaterThan(8));
    assertThat(maxSlices, lessThanOrEqualTo(4));
    assertThat(maxWrites, lessThanOrEqualTo(2 * archive.maxCommits() + 10));
    assertThat(
        Timeline.load(fs, metadata).ofAction(Action.CLEAN).completed().size(),
        greaterThanOrEqualTo(1));

    // Hudi reads the metadata table's archived timeline, and lists exactly through it.
    HoodieTableMetaClient metaClient =
        HudiTableReader.of(metadata.basePath().toString()).metaClient();
    HoodieArchivedTimeline archived = metaClient.getArchivedTimeline();
    archived.loadCompletedInstantDetailsInMemory();
    assertThat(archived.countInstants(), greaterThan(COMMITS / 2));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    // Hudi's writer continues (its own metadata services on our clean and archive), then HudiIO;
    // the initialisation instant is archived by now, and no new one appears.
    initialisations = initialisationInstants(base);
    HudiReference.trips(base).metadataTable(true).open().upsert(TripsData.batch(200, 0, 20));
    put(TripsData.batch(200, 0, 20));
    assertThat(initialisationInstants(base), equalTo(initialisations));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
    ours.upsert(TripsData.batch(201, 10, 20));
    put(TripsData.batch(201, 10, 20));
    assertThat(initialisationInstants(base), equalTo(initialisations));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
  }

  private static List<String> hfiles(String base) {
    String[] names = new File(base, ".hoodie/metadata/files").list();
    return Arrays.stream(names).filter(n -> n.endsWith(".hfile")).sorted().toList();
  }

  private void put(List<GenericRecord> batch) {
    for (GenericRecord r : batch) {
      expected.put(r.get(TripsData.RECORD_KEY_FIELD).toString(), r);
    }
  }
}
