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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A local file system that crashes a clean or a rollback part way: while an instant of the
 * configured action ({@code clean} or {@code rollback}) is inflight, it lets the first {@code n}
 * deletions of data files ({@code *.parquet} outside {@code .hoodie}) through and throws {@link
 * InjectedCrash} at the next one, once. Nothing after the crash point runs, as after a kill.
 * Installed with {@link #configuration}; the count is found by id because workers make their own
 * uncached instances.
 */
public final class CrashDuringFileSystem extends LocalFileSystem {
  static final String ID = "hudibeam.test.crash-during.id";
  static final String ACTION = "hudibeam.test.crash-during.action";
  private static final Map<String, AtomicInteger> REMAINING = new ConcurrentHashMap<>();

  /** The injected crash. */
  static final class InjectedCrash extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InjectedCrash(String message) {
      super(message);
    }
  }

  /**
   * Crash the {@code action} ("clean" or "rollback") at its data file deletion number {@code n +
   * 1}.
   */
  static Map<String, String> configuration(String id, String action, int n) {
    REMAINING.put(id, new AtomicInteger(n));
    return Map.of(
        "fs.file.impl",
        CrashDuringFileSystem.class.getName(),
        "fs.file.impl.disable.cache",
        "true",
        ID,
        id,
        ACTION,
        action);
  }

  static void unregister(String id) {
    REMAINING.remove(id);
  }

  @Override
  public boolean delete(Path f, boolean recursive) throws IOException {
    Configuration conf = getConf();
    String id = conf == null ? null : conf.get(ID);
    AtomicInteger remaining = id == null ? null : REMAINING.get(id);
    if (remaining != null
        && f.getName().endsWith(".parquet")
        && !f.toString().contains("/.hoodie/")
        && inflight(f, conf.get(ACTION))
        && remaining.getAndDecrement() == 0) {
      throw new InjectedCrash("injected crash of a " + conf.get(ACTION) + " before deleting " + f);
    }
    return super.delete(f, recursive);
  }

  /** Whether the table of {@code dataFile} has an inflight instant of {@code action}. */
  private boolean inflight(Path dataFile, String action) throws IOException {
    Path folder = dataFile.getParent();
    while (folder != null && !super.exists(new Path(folder, ".hoodie"))) {
      folder = folder.getParent();
    }
    if (folder == null) {
      return false;
    }
    Path meta = new Path(folder, ".hoodie");
    for (FileStatus s : super.listStatus(meta)) {
      String name = s.getPath().getName();
      if (name.endsWith("." + action + ".inflight")) {
        String time = name.substring(0, name.indexOf('.'));
        if (!super.exists(new Path(meta, time + "." + action))) {
          return true;
        }
      }
    }
    return false;
  }
}
