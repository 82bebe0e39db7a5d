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

import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * The markers of one instant in {@code .hoodie/.temp/<instant>/}. Writes direct markers (one empty
 * file each); reads both direct markers and the timeline-server form Hudi's Spark writer leaves
 * ({@code MARKERS.type} and {@code MARKERS<n>} lists).
 */
public final class MarkerStore {
  private static final String MARKERS_TYPE_FILE = "MARKERS.type";
  private static final String MARKERS_FILE_PREFIX = "MARKERS";

  private final FileSystem fs;
  private final Path folder;

  public MarkerStore(FileSystem fs, TablePaths paths, InstantTime instant) {
    this.fs = fs;
    this.folder = paths.markerFolder(instant.value());
  }

  public Path folder() {
    return folder;
  }

  /** Creates the marker of a data file before the file is written. */
  public void create(Marker marker) {
    Path path = new Path(folder, marker.relativeName());
    try {
      fs.create(path, true).close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create marker " + path, e);
    }
  }

  /** Every marker of the instant; empty when the folder does not exist. */
  public List<Marker> list() {
    Set<Marker> markers = new LinkedHashSet<>();
    try {
      if (!fs.exists(folder)) {
        return List.of();
      }
      if (fs.exists(new Path(folder, MARKERS_TYPE_FILE))) {
        readTimelineServerMarkers(markers);
      }
      RemoteIterator<LocatedFileStatus> files = fs.listFiles(folder, true);
      String prefix = folder.toUri().getPath() + "/";
      while (files.hasNext()) {
        FileStatus file = files.next();
        String relative = file.getPath().toUri().getPath().substring(prefix.length());
        if (relative.contains(".marker.") && !relative.endsWith(".crc")) {
          markers.add(Marker.parse(relative));
        }
      }
    } catch (FileNotFoundException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list markers in " + folder, e);
    }
    List<Marker> sorted = new ArrayList<>(markers);
    sorted.sort((a, b) -> a.relativeName().compareTo(b.relativeName()));
    return Collections.unmodifiableList(sorted);
  }

  private void readTimelineServerMarkers(Set<Marker> markers) throws IOException {
    for (FileStatus status : fs.listStatus(folder)) {
      String name = status.getPath().getName();
      if (name.startsWith(MARKERS_FILE_PREFIX)
          && !name.equals(MARKERS_TYPE_FILE)
          && status.isFile()) {
        try (BufferedReader reader =
            new BufferedReader(
                new InputStreamReader(fs.open(status.getPath()), StandardCharsets.UTF_8))) {
          String line;
          while ((line = reader.readLine()) != null) {
            if (!line.isBlank()) {
              markers.add(Marker.parse(line.trim()));
            }
          }
        }
      }
    }
  }

  /** Deletes the instant's marker folder. */
  public void deleteAll() {
    try {
      fs.delete(folder, true);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete marker folder " + folder, e);
    }
  }
}
