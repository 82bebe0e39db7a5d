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
package io.hudibeam.timeline;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The LSM timeline history of a table version 8 table ({@code .hoodie/timeline/history}), Hudi
 * 1.0's archived timeline ({@code LSMTimeline}, {@code LSMTimelineWriter}): Parquet files {@code
 * <min instant>_<max instant>_<level>.parquet} of {@link HistoryEntry} rows, a manifest per version
 * ({@code manifest_<N>}, {@link HistoryManifest}) naming the files that make up the history, and
 * {@code _version_} holding the latest version N.
 *
 * <p>{@link #append} writes as {@code LSMTimelineWriter.write} does: a level-0 file named by the
 * first and last instant time; if that file exists already and the latest manifest lists it, an
 * earlier run committed it and nothing is written; if it exists unlisted, it is a leftover of a
 * failed write and is replaced. Then the next manifest ({@code manifest_<N+1>}, replacing a
 * leftover of that name) and last {@code _version_} (deleted, then created). Readers take the
 * latest version from {@code _version_}, or, without it, the highest manifest listed ({@code
 * LSMTimeline.latestSnapshotVersion}), so until {@code _version_} names the new manifest they read
 * the history as it was. {@link HistoryCompaction} merges level-0 files into level 1 and cleans old
 * manifest versions, as Hudi's {@code LSMTimelineWriter.compactAndClean}.
 */
public final class TimelineHistory {
  private static final Logger LOG = LoggerFactory.getLogger(TimelineHistory.class);
  public static final String VERSION_FILE = "_version_";
  public static final String MANIFEST_PREFIX = "manifest_";
  public static final int LEVEL_ZERO = 0;
  private static final Pattern MANIFEST = Pattern.compile("^manifest_(\\d+)$");
  private static final Schema COMPLETION_TIMES =
      SchemaBuilder.record("HoodieLSMTimelineInstant")
          .namespace("org.apache.hudi.avro.model")
          .fields()
          .optionalString("instantTime")
          .optionalString("completionTime")
          .endRecord();
  private static final Pattern DATA_FILE = Pattern.compile("^(\\d+)_(\\d+)_(\\d+)\\.parquet$");

  private final FileSystem fs;
  private final Path folder;

  public TimelineHistory(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.folder = TimelineLayout.LayoutTwo.INSTANCE.historyFolder(paths);
  }

  public Path folder() {
    return folder;
  }

  FileSystem fs() {
    return fs;
  }

  /** {@code <min>_<max>_<level>.parquet} ({@code LSMTimelineWriter.newFileName}). */
  public static String fileName(InstantTime min, InstantTime max, int level) {
    return min.value() + "_" + max.value() + "_" + level + ".parquet";
  }

  /** The level of a history file name ({@code LSMTimeline.getFileLayer}). */
  public static int levelOf(String fileName) {
    Matcher m = DATA_FILE.matcher(fileName);
    if (!m.matches()) {
      throw new HudiTableException("Not an LSM history file name: " + fileName);
    }
    return Integer.parseInt(m.group(3));
  }

  /** The latest manifest version, -1 when there is none. */
  public int latestVersion() {
    Path versionFile = new Path(folder, VERSION_FILE);
    try {
      if (fs.exists(versionFile)) {
        String text = readText(versionFile).trim();
        if (!text.isEmpty()) {
          return Integer.parseInt(text);
        }
      }
    } catch (IOException | NumberFormatException e) {
      LOG.warn("Cannot read {}, listing the manifests instead", versionFile, e);
    }
    return allVersions().stream().max(Integer::compare).orElse(-1);
  }

  /** Every manifest version in the folder. */
  public List<Integer> allVersions() {
    List<Integer> versions = new ArrayList<>();
    for (FileStatus status : list()) {
      Matcher m = MANIFEST.matcher(status.getPath().getName());
      if (m.matches()) {
        versions.add(Integer.parseInt(m.group(1)));
      }
    }
    return versions;
  }

  /** The manifest of a version (empty for a negative version). */
  public HistoryManifest manifest(int version) {
    if (version < 0) {
      return HistoryManifest.empty();
    }
    Path path = manifestPath(version);
    try {
      return HistoryManifest.fromJson(readText(path));
    } catch (IOException e) {
      throw new HudiTableException("Cannot read the LSM history manifest " + path, e);
    }
  }

  public HistoryManifest latestManifest() {
    return manifest(latestVersion());
  }

  /**
   * Writes {@code entries} (sorted by instant time, not empty) as one level-0 file and commits it
   * with a new manifest version; returns the file, or empty when an earlier run committed it.
   */
  public Optional<Path> append(List<HistoryEntry> entries) {
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("Nothing to write to the LSM history");
    }
    String name =
        fileName(entries.get(0).time(), entries.get(entries.size() - 1).time(), LEVEL_ZERO);
    Path file = new Path(folder, name);
    try {
      fs.mkdirs(folder);
      if (fs.exists(file)) {
        if (latestManifest().contains(name)) {
          LOG.info("LSM history file {} is committed already; not written again", file);
          return Optional.empty();
        }
        fs.delete(file, false);
      }
      writeParquet(file, entries);
      commit(List.of(), name);
      return Optional.of(file);
    } catch (IOException e) {
      throw new HudiTableException("Cannot write the LSM history file " + file, e);
    }
  }

  /** Every row of the latest manifest's files, in file order (a test and diagnosis aid). */
  public List<HistoryEntry> readAll() {
    List<HistoryEntry> out = new ArrayList<>();
    for (String name : latestManifest().fileNames()) {
      out.addAll(read(new Path(folder, name)));
    }
    return out;
  }

  /**
   * Every archived instant's completion time, reading only the two time columns of the latest
   * manifest's files (a Parquet projection, as Hudi 1.0's {@code LSMTimeline} reads the history for
   * its completion-time queries), not the commit metadata.
   */
  public Map<InstantTime, InstantTime> completionTimes() {
    Configuration conf = new Configuration(fs.getConf());
    AvroReadSupport.setRequestedProjection(conf, COMPLETION_TIMES);
    Map<InstantTime, InstantTime> out = new HashMap<>();
    for (String name : latestManifest().fileNames()) {
      Path file = new Path(folder, name);
      try (ParquetReader<GenericRecord> reader =
          AvroParquetReader.<GenericRecord>builder(HadoopInputFile.fromPath(file, conf))
              .withConf(conf)
              .build()) {
        for (GenericRecord r = reader.read(); r != null; r = reader.read()) {
          out.put(
              InstantTime.parse(r.get("instantTime").toString()),
              InstantTime.parse(r.get("completionTime").toString()));
        }
      } catch (IOException e) {
        throw new HudiTableException("Cannot read the LSM history file " + file, e);
      }
    }
    return out;
  }

  /** The rows of one history file. */
  public List<HistoryEntry> read(Path file) {
    List<HistoryEntry> out = new ArrayList<>();
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(HadoopInputFile.fromPath(file, fs.getConf()))
            .build()) {
      for (GenericRecord r = reader.read(); r != null; r = reader.read()) {
        out.add(HistoryEntry.fromAvro(r));
      }
    } catch (IOException e) {
      throw new HudiTableException("Cannot read the LSM history file " + file, e);
    }
    return out;
  }

  /**
   * Commits a new manifest version: the latest manifest without {@code removed}, with {@code added}
   * ({@code LSMTimelineWriter.updateManifest}).
   */
  void commit(Collection<String> removed, String added) throws IOException {
    int latest = latestVersion();
    HistoryManifest next =
        manifest(latest)
            .replace(
                removed,
                new HistoryManifest.FileEntry(
                    added, fs.getFileStatus(new Path(folder, added)).getLen()));
    int version = latest < 0 ? 1 : latest + 1;
    Path manifest = manifestPath(version);
    if (fs.exists(manifest)) {
      fs.delete(manifest, false); // a leftover of a run that failed before _version_
    }
    writeText(manifest, next.toJson());
    Path versionFile = new Path(folder, VERSION_FILE);
    fs.delete(versionFile, false);
    writeText(versionFile, String.valueOf(version));
  }

  Path manifestPath(int version) {
    return new Path(folder, MANIFEST_PREFIX + version);
  }

  void writeParquet(Path file, List<HistoryEntry> entries) throws IOException {
    // Hudi writes these files with its parquet writer and default storage settings (gzip, no
    // bloom filter as meta fields are off: LSMTimelineWriter.openWriter).
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(HadoopOutputFile.fromPath(file, fs.getConf()))
            .withSchema(HistoryEntry.SCHEMA)
            .withCompressionCodec(CompressionCodecName.GZIP)
            .withWriteMode(ParquetFileWriter.Mode.CREATE)
            .withConf(fs.getConf())
            .build()) {
      for (HistoryEntry entry : entries) {
        writer.write(entry.toAvro());
      }
    }
  }

  private String readText(Path path) throws IOException {
    try (InputStream in = fs.open(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private void writeText(Path path, String text) throws IOException {
    try (FSDataOutputStream out = fs.create(path, false)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  FileStatus[] list() {
    try {
      return fs.exists(folder) ? fs.listStatus(folder) : new FileStatus[0];
    } catch (IOException e) {
      throw new HudiTableException("Cannot list " + folder, e);
    }
  }
}
