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
package io.hudibeam.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The tests' {@code file:} file system: Hadoop's {@link LocalFileSystem} (checksum files and all),
 * whose raw file system sets and reads permissions with {@code java.nio} instead of child
 * processes.
 *
 * <p>Without Hadoop's native library (not on Maven Central), {@link RawLocalFileSystem} runs {@code
 * chmod} in a child process for every file and directory it creates (a checksummed file is two
 * files), and {@code ls -ld} for each status whose permission or owner is asked for ({@code
 * listFiles} asks for every file it lists). A system-wide profile of the commit module's tests put
 * these processes at about 40% of the busy CPU. The files, their bytes and their permissions are
 * the same; only how the permissions are set and read differs. Registered for {@code file:} by
 * {@code test-conf/core-site.xml} ({@code fs.file.impl}), which the parent pom puts on the class
 * path of the Surefire and Failsafe JVMs only, so every {@code new Configuration()} of a test
 * (ours, Hudi's and Spark's) uses it; production code, the examples jar and the benchmarks never
 * do.
 */
public final class NioLocalFileSystem extends LocalFileSystem {
  public NioLocalFileSystem() {
    super(new NioRawLocalFileSystem());
  }

  /**
   * A new raw file system of this kind, for the tests' other local file systems (a {@link
   * LocalFileSystem} made with its no-argument constructor has Hadoop's, with its processes).
   */
  public static RawLocalFileSystem raw() {
    return new NioRawLocalFileSystem();
  }

  /**
   * {@link RawLocalFileSystem} that sets and reads permissions in process: its own statuses load
   * them with {@code ls -ld} when asked (as {@code listFiles} does for every file it lists).
   */
  static final class NioRawLocalFileSystem extends RawLocalFileSystem {
    /**
     * User and group names by id: the JDK looks each name up anew ({@code getpwuid}, {@code
     * getgrgid}, which read {@code /etc/passwd} and {@code /etc/group}), two lookups per status.
     */
    private final Map<Integer, String> owners = new ConcurrentHashMap<>();

    private final Map<Integer, String> groups = new ConcurrentHashMap<>();

    @Override
    public void setPermission(Path path, FsPermission permission) throws IOException {
      if (permission.getStickyBit()) {
        super.setPermission(path, permission); // java.nio cannot set the sticky bit
        return;
      }
      Files.setPosixFilePermissions(
          pathToFile(path).toPath(), PosixFilePermissions.fromString(permission.toString()));
    }

    @Override
    public FileStatus getFileStatus(Path path) throws IOException {
      return withPermission(super.getFileStatus(path));
    }

    @Override
    public FileStatus[] listStatus(Path path) throws IOException {
      FileStatus[] statuses = super.listStatus(path);
      FileStatus[] loaded = new FileStatus[statuses.length];
      for (int i = 0; i < statuses.length; i++) {
        // A folder's entries come from getFileStatus above (loaded already); a file's own status
        // is Hadoop's, whose permission and owner are still to load.
        loaded[i] =
            statuses[i].getClass() == FileStatus.class ? statuses[i] : withPermission(statuses[i]);
      }
      return loaded;
    }

    private FileStatus withPermission(FileStatus status) throws IOException {
      if (status.isSymlink()) {
        return status;
      }
      Map<String, Object> attributes;
      java.nio.file.Path file = pathToFile(status.getPath()).toPath();
      try {
        attributes = Files.readAttributes(file, "unix:mode,uid,gid");
      } catch (NoSuchFileException deletedSinceListed) {
        return status;
      }
      String owner = owners.get((Integer) attributes.get("uid"));
      String group = groups.get((Integer) attributes.get("gid"));
      if (owner == null || group == null) {
        PosixFileAttributes named;
        try {
          named = Files.readAttributes(file, PosixFileAttributes.class);
        } catch (NoSuchFileException deletedSinceListed) {
          return status;
        }
        owner = named.owner().getName();
        group = named.group().getName();
        owners.putIfAbsent((Integer) attributes.get("uid"), owner);
        groups.putIfAbsent((Integer) attributes.get("gid"), group);
      }
      return new FileStatus(
          status.getLen(),
          status.isDirectory(),
          status.getReplication(),
          status.getBlockSize(),
          status.getModificationTime(),
          status.getAccessTime(),
          new FsPermission((short) ((Integer) attributes.get("mode") & 0777)),
          owner,
          group,
          status.getPath());
    }
  }
}
