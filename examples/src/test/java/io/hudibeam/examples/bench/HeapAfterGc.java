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
package io.hudibeam.examples.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The peak of the heap in use right after a garbage collection, while a write runs: the sum of the
 * heap pools' usage after each collection (the JVM's GC notifications), the largest seen. After a
 * young collection old-generation garbage is still counted, so this is an upper bound of the live
 * heap; it is the figure a GC log's "after" column shows.
 */
final class HeapAfterGc implements AutoCloseable {
  private final AtomicLong peak = new AtomicLong(-1);
  private final AtomicLong collections = new AtomicLong();
  private final Set<String> heapPools = new HashSet<>();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener = this::onNotification;

  private HeapAfterGc() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heapPools.add(pool.getName());
      }
    }
  }

  /** Starts listening to every collector's notifications. */
  static HeapAfterGc start() {
    HeapAfterGc watch = new HeapAfterGc();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(watch.listener, null, null);
        watch.emitters.add(emitter);
      }
    }
    return watch;
  }

  private void onNotification(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
        notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    long used = 0;
    for (Map.Entry<String, MemoryUsage> pool :
        info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
      if (heapPools.contains(pool.getKey())) {
        used += pool.getValue().getUsed();
      }
    }
    long after = used;
    peak.accumulateAndGet(after, Math::max);
    collections.incrementAndGet();
  }

  /** The largest heap in use after a collection so far, -1 if none ran. */
  long peakBytes() {
    return peak.get();
  }

  /** How many collections were seen. */
  long collections() {
    return collections.get();
  }

  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(listener);
      } catch (ListenerNotFoundException e) {
        // already removed
      }
    }
  }
}
