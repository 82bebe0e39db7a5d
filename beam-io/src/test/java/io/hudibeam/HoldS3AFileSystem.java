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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.fs.s3a.S3AFileSystem;
import org.apache.hadoop.util.Progressable;

/**
 * S3A that holds one writer at chosen file creations, in order ({@link Stop}s): at the first {@code
 * create} of a path matching a stop's pattern (after a base file was created, if the stop asks) it
 * signals {@link Stop#awaitReached} and waits for {@link Stop#release} (bounded). The hold is
 * inside {@code create}, after S3A's own probe for an existing file (HEAD, LIST) and before any
 * byte is uploaded (S3A uploads at close): held at the table lock {@code .hoodie/lock}, the writer
 * has found the lock absent and will "create" it whatever another writer did meanwhile. Installed
 * in S3A's place through one pipeline's Hadoop settings ({@link #configuration}, uncached), so only
 * that writer is held; the holds are found by their id.
 */
public final class HoldS3AFileSystem extends S3AFileSystem {
  private static final String ID = "hudibeam.test.s3-hold.id";
  private static final Map<String, Holds> HOLDS = new ConcurrentHashMap<>();

  /** One hold point of a writer. */
  static final class Stop {
    private final Pattern path;
    private final boolean afterBaseFile;
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    private Stop(String pathRegex, boolean afterBaseFile) {
      this.path = Pattern.compile(pathRegex);
      this.afterBaseFile = afterBaseFile;
    }

    /** The first creation of a path (its full URI) matching {@code pathRegex}. */
    static Stop at(String pathRegex) {
      return new Stop(pathRegex, false);
    }

    /** As {@link #at}, once the writer has created a base file (its commit, not its start). */
    static Stop afterBaseFileAt(String pathRegex) {
      return new Stop(pathRegex, true);
    }

    /** Waits until the writer is held here; false after 3 minutes. */
    boolean awaitReached() throws InterruptedException {
      return reached.await(180, TimeUnit.SECONDS);
    }

    void release() {
      release.countDown();
    }
  }

  /** A writer's stops, passed in order. */
  private static final class Holds {
    private final List<Stop> stops;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicBoolean wroteBaseFile = new AtomicBoolean();

    Holds(List<Stop> stops) {
      this.stops = List.copyOf(stops);
    }

    void atCreate(Path f) throws IOException {
      String name = f.toString();
      if (name.endsWith(".parquet") && !name.contains("/.hoodie/")) {
        wroteBaseFile.set(true);
      }
      int i = next.get();
      if (i >= stops.size()) {
        return;
      }
      Stop stop = stops.get(i);
      if (!stop.path.matcher(name).matches()
          || (stop.afterBaseFile && !wroteBaseFile.get())
          || !next.compareAndSet(i, i + 1)) {
        return;
      }
      stop.reached.countDown();
      try {
        if (!stop.release.await(180, TimeUnit.SECONDS)) {
          throw new IOException("the test never released its hold at the creation of " + f);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while held at the creation of " + f, e);
      }
    }
  }

  /** Registers a writer's stops under {@code id}; {@link #unregister} when the test ends. */
  static void register(String id, Stop... stops) {
    HOLDS.put(id, new Holds(List.of(stops)));
  }

  static void unregister(String id) {
    HOLDS.remove(id);
  }

  /**
   * S3A settings {@code s3} with this file system in S3A's place, holding at {@code id}'s stops.
   */
  static Map<String, String> configuration(Map<String, String> s3, String id) {
    Map<String, String> conf = new HashMap<>(s3);
    conf.put("fs.s3a.impl", HoldS3AFileSystem.class.getName());
    conf.put("fs.s3a.impl.disable.cache", "true");
    conf.put(ID, id);
    return Map.copyOf(conf);
  }

  @Override
  public FSDataOutputStream create(
      Path f,
      FsPermission permission,
      boolean overwrite,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress)
      throws IOException {
    FSDataOutputStream out =
        super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    Holds holds = HOLDS.get(getConf().get(ID, ""));
    if (holds != null) {
      holds.atCreate(f);
    }
    return out;
  }
}
