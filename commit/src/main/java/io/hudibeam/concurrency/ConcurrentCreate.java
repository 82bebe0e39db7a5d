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
package io.hudibeam.concurrency;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Set;
import org.apache.hadoop.ipc.RemoteException;

/**
 * Recognises the errors HDFS gives when two clients create the same file at once: the loser of a
 * create-if-absent gets {@code FileAlreadyExistsException}, or {@code AlreadyBeingCreatedException}
 * while the winner still holds the file's lease; an overwriting create whose file another
 * overwriting create replaced fails on close with {@code FileNotFoundException} or {@code
 * LeaseExpiredException}. They arrive as the exception itself or wrapped in a {@link
 * RemoteException} naming its class. The local file system raises none of these.
 */
final class ConcurrentCreate {
  private static final Set<String> RACE_ERRORS =
      Set.of(
          org.apache.hadoop.fs.FileAlreadyExistsException.class.getName(),
          java.nio.file.FileAlreadyExistsException.class.getName(),
          FileNotFoundException.class.getName(),
          "org.apache.hadoop.hdfs.protocol.AlreadyBeingCreatedException",
          "org.apache.hadoop.hdfs.server.namenode.LeaseExpiredException");

  private ConcurrentCreate() {}

  /**
   * Whether {@code e} says another client created (or is creating) the same file at the same time.
   */
  static boolean lostRace(IOException e) {
    if (e instanceof RemoteException) {
      return RACE_ERRORS.contains(((RemoteException) e).getClassName());
    }
    return RACE_ERRORS.contains(e.getClass().getName());
  }
}
