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
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A local file system on which the first delete of a path whose name matches a pattern fails, once
 * per registered id (e.g. the marker folder a commit deletes right after its completed instant
 * file), as if the process died there. Installed with {@link #configuration}; the id is found by
 * its key because workers make their own uncached instances.
 */
public final class FailDeleteFileSystem extends LocalFileSystem {
  static final String ID = "hudibeam.test.fail-delete.id";
  static final String PATTERN = "hudibeam.test.fail-delete.pattern";
  private static final Set<String> ARMED = ConcurrentHashMap.newKeySet();

  static Map<String, String> configuration(String id, String pathPattern) {
    ARMED.add(id);
    return Map.of(
        "fs.file.impl",
        FailDeleteFileSystem.class.getName(),
        "fs.file.impl.disable.cache",
        "true",
        ID,
        id,
        PATTERN,
        pathPattern);
  }

  static void unregister(String id) {
    ARMED.remove(id);
  }

  @Override
  public boolean delete(Path f, boolean recursive) throws IOException {
    String id = getConf() == null ? null : getConf().get(ID);
    if (id != null
        && Pattern.matches(getConf().get(PATTERN), f.toUri().getPath())
        && ARMED.remove(id)) {
      throw new IOException("injected failure deleting " + f);
    }
    return super.delete(f, recursive);
  }
}
