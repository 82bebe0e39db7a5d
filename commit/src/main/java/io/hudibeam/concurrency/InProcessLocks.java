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

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The table locks of Hudi's {@code InProcessLockProvider}: one entry per lock (the path of the lock
 * file the file-system provider would use), holding the name of the thread that took it. A lock
 * held in the JVM excludes only writers in this JVM, which is what that provider is for: tests, the
 * DirectRunner, an embedded Flink.
 *
 * <p>This is the project's one piece of process-wide mutable state, and deliberately so: a lock
 * that writers in one JVM share cannot live in any one writer's objects (Hudi's provider keeps its
 * locks in a static map too). Entries are removed when released; a JVM that dies holding one takes
 * it with it.
 */
final class InProcessLocks {
  private static final ConcurrentMap<String, String> HELD = new ConcurrentHashMap<>();

  private InProcessLocks() {}

  /** Takes {@code lock} for {@code holder} if nobody holds it. */
  static boolean tryLock(String lock, String holder) {
    return HELD.putIfAbsent(lock, holder) == null;
  }

  static void unlock(String lock) {
    HELD.remove(lock);
  }

  static Optional<String> holder(String lock) {
    return Optional.ofNullable(HELD.get(lock));
  }
}
