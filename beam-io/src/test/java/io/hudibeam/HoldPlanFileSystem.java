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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A local file system that holds the plan step's move of an instant to inflight: the planner writes
 * {@code <T>.inflight} with the workload profile (through a temporary file it renames), the commit
 * step writes it empty when it finds the instant still requested. The first temporary inflight file
 * is held until the commit step writes an inflight file of its own (the two steps racing on the
 * timeline: {@link Hold#commitMovedToInflight}) or for {@link #HOLD_MILLIS} at most (the commit
 * waited for the plan). Installed through a pipeline's Hadoop configuration with {@link
 * #configuration}; the hold is found by its id because the workers make their own uncached
 * instances.
 */
public final class HoldPlanFileSystem extends LocalFileSystem {
  static final long HOLD_MILLIS = 5_000;
  private static final Pattern PLAN_INFLIGHT = Pattern.compile("\\.\\d+\\.inflight\\..+\\.tmp");
  private static final Pattern EMPTY_INFLIGHT = Pattern.compile("\\d+\\.inflight");
  private static final FileSystemHooks<Hold> HOLDS =
      new FileSystemHooks<>(HoldPlanFileSystem.class, "hudibeam.test.hold-plan.id");

  /** One pipeline's hold point. */
  static final class Hold {
    final AtomicBoolean planHeld = new AtomicBoolean();
    final AtomicBoolean commitMovedToInflight = new AtomicBoolean();
    final CountDownLatch release = new CountDownLatch(1);
  }

  static Hold register(String id) {
    return HOLDS.register(id, new Hold());
  }

  static void unregister(String id) {
    HOLDS.unregister(id);
  }

  static Map<String, String> configuration(String id) {
    return HOLDS.configuration(id);
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
    Hold hold = HOLDS.find(getConf());
    if (hold != null && f.getParent() != null && f.getParent().getName().equals(".hoodie")) {
      if (EMPTY_INFLIGHT.matcher(f.getName()).matches()) {
        hold.commitMovedToInflight.set(true);
        hold.release.countDown();
      } else if (PLAN_INFLIGHT.matcher(f.getName()).matches()
          && hold.planHeld.compareAndSet(false, true)) {
        try {
          hold.release.await(HOLD_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException(e);
        }
      }
    }
    return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
  }
}
