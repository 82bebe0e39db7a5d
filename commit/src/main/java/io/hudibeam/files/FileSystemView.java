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

import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.ReplaceCommitMetadata;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineLayout;
import io.hudibeam.timeline.TimelineWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The file-system view readers get (Hudi's {@code AbstractTableFileSystemView}): per partition, the
 * file groups with the slices whose base instant is committed (on the completed write timeline or
 * older than its first instant), without the file groups a completed replacecommit replaced. Built
 * from a {@link FileListing}: the partition folders listed, or the metadata table's {@code files}
 * partition.
 */
public final class FileSystemView {
  private static final Logger LOG = LoggerFactory.getLogger(FileSystemView.class);
  public static final String PARTITION_METADATA_PREFIX = ".hoodie_partition_metadata";

  private final SortedMap<String, List<FileGroup>> fileGroupsByPartition;
  private final Set<FileGroupId> replaced;

  private FileSystemView(
      SortedMap<String, List<FileGroup>> fileGroupsByPartition, Set<FileGroupId> replaced) {
    this.fileGroupsByPartition = Collections.unmodifiableSortedMap(fileGroupsByPartition);
    this.replaced = Collections.unmodifiableSet(replaced);
  }

  /** Lists every partition of the table and builds the view as of the timeline's last instant. */
  public static FileSystemView load(FileSystem fs, TablePaths paths, Timeline timeline) {
    return load(FileSystemListing.of(fs, paths), fs, paths, timeline);
  }

  /** Builds the view of every partition {@code listing} names, from its listing. */
  public static FileSystemView load(
      FileListing listing, FileSystem fs, TablePaths paths, Timeline timeline) {
    return load(listing, fs, paths, timeline, listing.partitions());
  }

  /** Builds the view of the given partitions only. */
  public static FileSystemView load(
      FileSystem fs, TablePaths paths, Timeline timeline, List<String> partitions) {
    return load(FileSystemListing.of(fs, paths), fs, paths, timeline, partitions);
  }

  /** Builds the view of the given partitions only, from {@code listing}. */
  public static FileSystemView load(
      FileListing listing,
      FileSystem fs,
      TablePaths paths,
      Timeline timeline,
      List<String> partitions) {
    return load(
        listing, fs, paths, timeline, partitions, TimelineLayout.of(fs, paths).tableVersion());
  }

  /**
   * As {@link #load(FileListing, FileSystem, TablePaths, Timeline, List, TableVersion)}, listed.
   */
  public static FileSystemView load(
      FileSystem fs,
      TablePaths paths,
      Timeline timeline,
      List<String> partitions,
      TableVersion version) {
    return load(FileSystemListing.of(fs, paths), fs, paths, timeline, partitions, version);
  }

  /**
   * Builds the view of the given partitions of a table of {@code version} from the files {@code
   * listing} shows: in version 8 log files belong to slices by their deltacommit's completion time
   * ({@link CompletionTimeSlicing}), in version 6 by the base instant in their name. Only files of
   * committed instants are kept, whatever the listing.
   */
  public static FileSystemView load(
      FileListing listing,
      FileSystem fs,
      TablePaths paths,
      Timeline timeline,
      List<String> partitions,
      TableVersion version) {
    Timeline committed = timeline.completedWriteTimeline();
    Set<FileGroupId> replaced = replacedFileGroups(fs, paths, committed);
    Optional<Map<InstantTime, InstantTime>> completionTimes =
        version.slicesLogFilesByCompletionTime()
            ? Optional.of(completionTimes(timeline))
            : Optional.empty();
    SortedMap<String, List<FileGroup>> groups = new TreeMap<>();
    ArchivedCompletionTimes archived = new ArchivedCompletionTimes(fs, paths);
    for (String partition : partitions) {
      groups.put(
          partition,
          loadPartition(
              listing.files(partition),
              paths,
              committed,
              replaced,
              partition,
              completionTimes,
              archived));
    }
    return new FileSystemView(groups, replaced);
  }

  /**
   * Instant time to completion time of every completed instant (Hudi 1.0's {@code
   * CompletionTimeQueryViewV2} over the active timeline). A completed instant without a completion
   * time in its file name (a legacy one) is taken as completed at its instant time; Hudi takes the
   * file's modification time.
   */
  private static Map<InstantTime, InstantTime> completionTimes(Timeline timeline) {
    Map<InstantTime, InstantTime> times = new HashMap<>();
    for (Instant instant : timeline.completed().instants()) {
      times.put(instant.time(), instant.completionTime().orElse(instant.time()));
    }
    return times;
  }

  /** Partition paths: folders holding a {@code .hoodie_partition_metadata} file. */
  public static List<String> listPartitions(FileSystem fs, TablePaths paths) {
    return FileSystemListing.of(fs, paths).partitions();
  }

  private static List<FileGroup> loadPartition(
      List<FileListing.ListedFile> files,
      TablePaths paths,
      Timeline committed,
      Set<FileGroupId> replaced,
      String partition,
      Optional<Map<InstantTime, InstantTime>> completionTimes,
      ArchivedCompletionTimes archived) {
    Map<FileId, SortedMap<InstantTime, BaseFile>> baseFiles = new TreeMap<>();
    Map<FileId, SortedMap<InstantTime, List<LogFileName>>> logFiles = new TreeMap<>();
    for (FileListing.ListedFile listed : files) {
      String name = listed.name();
      Optional<BaseFileName> base = BaseFileName.tryParse(name);
      if (base.isPresent()) {
        InstantTime instant = base.get().instantTime();
        if (!committed.containsOrBeforeStart(instant)) {
          continue;
        }
        BaseFile file = BaseFile.of(partition, base.get(), listed.size());
        BaseFile previous =
            baseFiles.computeIfAbsent(base.get().fileId(), k -> new TreeMap<>()).put(instant, file);
        if (previous != null) {
          LOG.warn(
              "Partition '{}' of {} has two base files of one file group and instant: {} and {}",
              partition,
              paths,
              previous.name(),
              file.name());
          if (previous.name().value().compareTo(file.name().value()) > 0) {
            baseFiles.get(base.get().fileId()).put(instant, previous);
          }
        }
        continue;
      }
      Optional<LogFileName> log = LogFileName.tryParse(name);
      if (log.isPresent() && completionTimes.isPresent()) {
        // Version 8: every log file takes part in the slicing (a pending one joins the newest
        // slice); the uncommitted ones are dropped afterwards.
        logFiles
            .computeIfAbsent(log.get().fileId(), k -> new TreeMap<>())
            .computeIfAbsent(log.get().instant(), k -> new ArrayList<>())
            .add(log.get());
      } else if (log.isPresent() && committed.containsOrBeforeStart(log.get().baseInstant())) {
        logFiles
            .computeIfAbsent(log.get().fileId(), k -> new TreeMap<>())
            .computeIfAbsent(log.get().baseInstant(), k -> new ArrayList<>())
            .add(log.get());
      }
    }
    Set<FileId> fileIds = new HashSet<>(baseFiles.keySet());
    fileIds.addAll(logFiles.keySet());
    List<FileGroup> groups = new ArrayList<>();
    for (FileId fileId : fileIds.stream().sorted().collect(Collectors.toList())) {
      FileGroupId id = FileGroupId.of(partition, fileId);
      if (replaced.contains(id)) {
        continue;
      }
      SortedMap<InstantTime, BaseFile> bases = baseFiles.getOrDefault(fileId, new TreeMap<>());
      SortedMap<InstantTime, List<LogFileName>> logs =
          logFiles.getOrDefault(fileId, new TreeMap<>());
      if (completionTimes.isPresent()) {
        logs =
            committedLogsBySlice(bases.keySet(), logs, committed, completionTimes.get(), archived);
      }
      Set<InstantTime> instants = new HashSet<>(bases.keySet());
      instants.addAll(logs.keySet());
      List<FileSlice> slices = new ArrayList<>();
      for (InstantTime instant : instants) {
        slices.add(
            FileSlice.of(
                id,
                instant,
                Optional.ofNullable(bases.get(instant)),
                logs.getOrDefault(instant, List.of())));
      }
      if (!slices.isEmpty()) {
        // (Version 8: a file group with only uncommitted log files has no committed slice.)
        groups.add(FileGroup.of(id, slices));
      }
    }
    return groups;
  }

  /**
   * Version 8: the file group's log files by slice ({@link CompletionTimeSlicing}), keeping only
   * slices whose base instant is committed and only log files of completed instants (Hudi 1.0's
   * {@code HoodieFileGroup.isFileSliceCommitted} and {@code
   * AbstractTableFileSystemView.filterUncommittedFiles}).
   */
  private static SortedMap<InstantTime, List<LogFileName>> committedLogsBySlice(
      Set<InstantTime> baseInstants,
      SortedMap<InstantTime, List<LogFileName>> logsByInstant,
      Timeline committed,
      Map<InstantTime, InstantTime> completionTimes,
      ArchivedCompletionTimes archived) {
    List<LogFileName> all = new ArrayList<>();
    logsByInstant.values().forEach(all::addAll);
    // A deltacommit older than the active timeline was archived: its completion time is in the
    // LSM history (Hudi 1.0's CompletionTimeQueryViewV2 loads it from there too). Without it the
    // log file would count as pending and join the newest slice.
    Map<InstantTime, InstantTime> known = new HashMap<>(completionTimes);
    for (LogFileName log : all) {
      if (!known.containsKey(log.instant()) && committed.containsOrBeforeStart(log.instant())) {
        known.put(log.instant(), archived.completionOf(log.instant()));
      }
    }
    SortedMap<InstantTime, List<LogFileName>> bySlice = new TreeMap<>();
    CompletionTimeSlicing.of(baseInstants, all, known)
        .logsBySlice()
        .forEach(
            (slice, logs) -> {
              if (!committed.containsOrBeforeStart(slice)) {
                return;
              }
              List<LogFileName> kept =
                  logs.stream()
                      .filter(l -> committed.containsOrBeforeStart(l.instant()))
                      .collect(Collectors.toList());
              if (!kept.isEmpty() || baseInstants.contains(slice)) {
                bySlice.put(slice, kept);
              }
            });
    return bySlice;
  }

  private static Set<FileGroupId> replacedFileGroups(
      FileSystem fs, TablePaths paths, Timeline committed) {
    Set<FileGroupId> replaced = new HashSet<>();
    Timeline replaceCommits = committed.ofAction(Action.REPLACE_COMMIT);
    if (replaceCommits.isEmpty()) {
      return replaced;
    }
    TimelineWriter reader = new TimelineWriter(fs, paths);
    for (Instant instant : replaceCommits.instants()) {
      Path file = reader.pathOf(instant);
      ReplaceCommitMetadata metadata =
          CommitMetadataFormat.decodeReplace(reader.read(instant), file.toString());
      metadata
          .partitionToReplaceFileIds()
          .forEach(
              (partition, fileIds) -> {
                for (String fileId : fileIds) {
                  replaced.add(FileGroupId.of(partition, FileId.parse(fileId)));
                }
              });
    }
    return replaced;
  }

  public List<String> partitions() {
    return List.copyOf(fileGroupsByPartition.keySet());
  }

  public List<FileGroup> fileGroups(String partition) {
    return fileGroupsByPartition.getOrDefault(partition, List.of());
  }

  public List<FileSlice> latestFileSlices(String partition) {
    return fileGroups(partition).stream()
        .map(FileGroup::latestSlice)
        .flatMap(Optional::stream)
        .collect(Collectors.toList());
  }

  public List<BaseFile> latestBaseFiles(String partition) {
    return latestFileSlices(partition).stream()
        .map(FileSlice::baseFile)
        .flatMap(Optional::stream)
        .collect(Collectors.toList());
  }

  public List<BaseFile> latestBaseFiles() {
    return partitions().stream()
        .flatMap(p -> latestBaseFiles(p).stream())
        .collect(Collectors.toList());
  }

  public Optional<FileSlice> latestFileSlice(FileGroupId id) {
    return fileGroups(id.partitionPath()).stream()
        .filter(g -> g.id().equals(id))
        .findFirst()
        .flatMap(FileGroup::latestSlice);
  }

  /** File groups replaced by completed replacecommits (hidden from the view). */
  public Set<FileGroupId> replacedFileGroups() {
    return replaced;
  }
}
