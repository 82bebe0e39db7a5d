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

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The hooks of a test file system, each registered under an id that a pipeline's Hadoop
 * configuration names ({@link #configuration}): the workers make their own uncached file system
 * instances, which find their pipeline's hook by that id.
 *
 * @param <H> the hook
 */
final class FileSystemHooks<H> {
  private final Class<? extends FileSystem> fileSystem;
  private final String idKey;
  private final Map<String, H> hooks = new ConcurrentHashMap<>();

  FileSystemHooks(Class<? extends FileSystem> fileSystem, String idKey) {
    this.fileSystem = fileSystem;
    this.idKey = idKey;
  }

  H register(String id, H hook) {
    hooks.put(id, hook);
    return hook;
  }

  void unregister(String id) {
    hooks.remove(id);
  }

  /**
   * The Hadoop settings that install the file system for {@code file:} paths with hook {@code id}.
   */
  Map<String, String> configuration(String id) {
    return Map.of(
        "fs.file.impl", fileSystem.getName(), "fs.file.impl.disable.cache", "true", idKey, id);
  }

  /** The hook the configuration names, or null. */
  H find(Configuration conf) {
    String id = conf == null ? null : conf.get(idKey);
    return id == null ? null : hooks.get(id);
  }
}
