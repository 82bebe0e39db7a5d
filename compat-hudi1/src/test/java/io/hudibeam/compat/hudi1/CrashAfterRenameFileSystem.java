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
package io.hudibeam.compat.hudi1;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A local file system that crashes once right after a file is renamed into a path matching a
 * pattern (a timeline file moved in from its temporary file): the rename is done, then an {@link
 * InjectedCrash} (a {@code RuntimeException} no storage error handler catches) stops the writer, as
 * a kill would. Installed through a pipeline's Hadoop configuration ({@link #arm}); the rule is
 * found by its id because the workers make their own uncached instances. (This module has no commit
 * test-jar, whose {@code FaultFileSystem} does the same and more.)
 */
public final class CrashAfterRenameFileSystem extends LocalFileSystem {
  private static final String ID = "hudibeam.test.crash.id";
  private static final String PATH = "hudibeam.test.crash.path";
  private static final Map<String, AtomicBoolean> ARMED = new ConcurrentHashMap<>();

  /** The crash. */
  public static final class InjectedCrash extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InjectedCrash(String message) {
      super(message);
    }
  }

  /**
   * Arms a crash after the first rename into a path (its URI path) matching {@code pathPattern}:
   * the Hadoop settings that install this file system for {@code file:} paths.
   */
  static Map<String, String> arm(String id, String pathPattern) {
    ARMED.put(id, new AtomicBoolean(true));
    return Map.of(
        "fs.file.impl",
        CrashAfterRenameFileSystem.class.getName(),
        "fs.file.impl.disable.cache",
        "true",
        ID,
        id,
        PATH,
        pathPattern);
  }

  /** Disarms {@code id}. */
  static void forget(String id) {
    ARMED.remove(id);
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    boolean renamed = super.rename(src, dst);
    Configuration conf = getConf();
    String id = conf == null ? null : conf.get(ID);
    AtomicBoolean armed = id == null ? null : ARMED.get(id);
    if (renamed
        && armed != null
        && Pattern.matches(conf.get(PATH), dst.toUri().getPath())
        && armed.compareAndSet(true, false)) {
      throw new InjectedCrash("injected crash after renaming " + src + " to " + dst);
    }
    return renamed;
  }
}
