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
package io.hudibeam.transforms.write;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.transforms.ElementBatches;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.TableRecord;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollectionView;
import org.joda.time.Instant;

/**
 * The batch write's step before its GroupByKey ("Target file groups"): keys each routed record by
 * its {@link FileGroupTarget} (its bucket and the started instant, read here from the side input so
 * that the writer after the GroupByKey need not) and packs the records of a bundle per window and
 * file group into byte packs ({@link ElementBatches.Batch}, read back with {@link
 * ElementBatches#elements}). A pack is output as soon as it holds {@link #PACK_BYTES} or more; when
 * the packs of a bundle together hold more than {@link #BUFFER_BYTES}, those of the current window
 * are output too; the rest when the bundle ends. So a bundle buffers at most about {@link
 * #BUFFER_BYTES} (a batch bundle can be a whole input split), and a key's values after the
 * GroupByKey are packs of at most about {@link #PACK_BYTES} each, decoded one record at a time as
 * the writer reads them.
 */
public final class TargetFileGroups
    extends DoFn<KV<Bucket, TableRecord>, KV<FileGroupTarget, byte[]>> {
  private static final long serialVersionUID = 1L;

  /** A pack is output once its records' encodings reach this size: 64 KiB. */
  public static final int PACK_BYTES = 64 * 1024;

  /** The packs a bundle holds back at most (about): 8 MiB. */
  public static final long BUFFER_BYTES = 8L * 1024 * 1024;

  private final PCollectionView<StartedInstant> started;
  private final Coder<TableRecord> coder;
  private final int packBytes;
  private final long bufferBytes;
  private transient Map<KV<BoundedWindow, Bucket>, ElementBatches.Batch> packs;
  private transient long buffered;
  private transient StartedInstant instant;

  public TargetFileGroups(PCollectionView<StartedInstant> started, Coder<TableRecord> coder) {
    this(started, coder, PACK_BYTES, BUFFER_BYTES);
  }

  /** With other sizes (for tests). */
  TargetFileGroups(
      PCollectionView<StartedInstant> started,
      Coder<TableRecord> coder,
      int packBytes,
      long bufferBytes) {
    this.started = started;
    this.coder = coder;
    this.packBytes = packBytes;
    this.bufferBytes = bufferBytes;
  }

  @StartBundle
  public void startBundle() {
    packs = new LinkedHashMap<>();
    buffered = 0;
  }

  @ProcessElement
  public void process(
      @Element KV<Bucket, TableRecord> routed,
      @Timestamp Instant timestamp,
      BoundedWindow window,
      OutputReceiver<KV<FileGroupTarget, byte[]>> out,
      ProcessContext c)
      throws IOException {
    instant = c.sideInput(started);
    KV<BoundedWindow, Bucket> key = KV.of(window, routed.getKey());
    ElementBatches.Batch pack = packs.computeIfAbsent(key, k -> new ElementBatches.Batch());
    int before = pack.size();
    pack.add(coder, routed.getValue(), timestamp);
    buffered += pack.size() - before;
    if (pack.size() >= packBytes) {
      packs.remove(key);
      buffered -= pack.size();
      out.output(KV.of(new FileGroupTarget(routed.getKey(), instant), pack.toBytes()));
    }
    if (buffered > bufferBytes) {
      Iterator<Map.Entry<KV<BoundedWindow, Bucket>, ElementBatches.Batch>> it =
          packs.entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<KV<BoundedWindow, Bucket>, ElementBatches.Batch> entry = it.next();
        if (entry.getKey().getKey().equals(window)) {
          it.remove();
          buffered -= entry.getValue().size();
          out.output(
              KV.of(
                  new FileGroupTarget(entry.getKey().getValue(), instant),
                  entry.getValue().toBytes()));
        }
      }
    }
  }

  @FinishBundle
  public void finishBundle(FinishBundleContext context) throws IOException {
    for (Map.Entry<KV<BoundedWindow, Bucket>, ElementBatches.Batch> entry : packs.entrySet()) {
      ElementBatches.Batch pack = entry.getValue();
      context.output(
          KV.of(new FileGroupTarget(entry.getKey().getValue(), instant), pack.toBytes()),
          pack.earliest(),
          entry.getKey().getKey());
    }
    packs.clear();
    buffered = 0;
  }
}
