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
package io.hudibeam;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A local file system that records, per test id, the folders it lists ({@code listStatus}).
 * Installed through a pipeline's Hadoop settings ({@link #configuration}), uncached, so every
 * worker's instance records into the test's list in this JVM.
 */
public final class ListingCountingFileSystem extends LocalFileSystem {
  private static final String ID = "hudibeam.test.listing.id";
  private static final Map<String, List<String>> LISTED = new ConcurrentHashMap<>();

  /** On the tests' raw local file system ({@code NioLocalFileSystem}: no chmod processes). */
  public ListingCountingFileSystem() {
    super(io.hudibeam.testing.NioLocalFileSystem.raw());
  }

  /** The Hadoop settings that install this file system, recording under {@code id}. */
  static Map<String, String> configuration(String id) {
    LISTED.put(id, Collections.synchronizedList(new ArrayList<>()));
    return Map.of(
        "fs.file.impl",
        ListingCountingFileSystem.class.getName(),
        "fs.file.impl.disable.cache",
        "true",
        ID,
        id);
  }

  /** The folders listed under {@code id} so far that are in {@code base} outside its .hoodie. */
  static List<String> dataFoldersListed(String id, String base) {
    List<String> listed = LISTED.getOrDefault(id, List.of());
    synchronized (listed) {
      return listed.stream().filter(p -> p.startsWith(base) && !p.contains("/.hoodie")).toList();
    }
  }

  /** Stops recording under {@code id}. */
  static void forget(String id) {
    LISTED.remove(id);
  }

  @Override
  public FileStatus[] listStatus(Path f) throws IOException {
    String id = getConf() == null ? null : getConf().get(ID);
    List<String> listed = id == null ? null : LISTED.get(id);
    if (listed != null) {
      listed.add(f.toUri().getPath());
    }
    return super.listStatus(f);
  }
}
