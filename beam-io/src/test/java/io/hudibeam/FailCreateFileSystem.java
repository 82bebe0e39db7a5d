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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A local file system on which the first file whose name matches a pattern cannot be created, once
 * per registered id (e.g. the completed instant file a commit writes). Installed with {@link
 * #configuration}; the id is found by its key because workers make their own uncached instances.
 */
public final class FailCreateFileSystem extends LocalFileSystem {
  static final String ID = "hudibeam.test.fail-create.id";
  static final String PATTERN = "hudibeam.test.fail-create.pattern";
  private static final Set<String> ARMED = ConcurrentHashMap.newKeySet();

  static Map<String, String> configuration(String id, String fileNamePattern) {
    ARMED.add(id);
    return Map.of(
        "fs.file.impl",
        FailCreateFileSystem.class.getName(),
        "fs.file.impl.disable.cache",
        "true",
        ID,
        id,
        PATTERN,
        fileNamePattern);
  }

  static void unregister(String id) {
    ARMED.remove(id);
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
    String id = getConf() == null ? null : getConf().get(ID);
    if (id != null && Pattern.matches(getConf().get(PATTERN), f.getName()) && ARMED.remove(id)) {
      throw new IOException("injected failure creating " + f);
    }
    return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
  }
}
