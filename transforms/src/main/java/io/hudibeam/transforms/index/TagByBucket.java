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
package io.hudibeam.transforms.index;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.transforms.coders.BaseFileCoder;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WritePlanner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * BUCKET index (Hudi's HoodieSimpleBucketIndex), for every operation: the file group of each bucket
 * of the touched partitions is a side input (one entry per file group); a record is tagged to its
 * bucket's file group when it has one, as Hudi's tagLocation does, whether or not the key is stored
 * there. No keys are read.
 *
 * <pre>
 * records ─ latest base files by partition (side input)
 * records ─ bucket id ─ tag
 * </pre>
 */
final class TagByBucket extends IndexStage {
  private static final long serialVersionUID = 1L;

  TagByBucket(IndexSpec spec, PCollectionView<StartedInstant> started) {
    super("Bucket index", spec, started);
  }

  @Override
  public PCollection<TaggedRecord> expand(PCollection<TableRecord> records) {
    PCollectionView<Map<String, Iterable<BaseFile>>> files =
        LatestBaseFiles.baseFiles(
                records.apply(
                    "Latest base files",
                    new LatestBaseFiles(spec, started, LatestBaseFiles.Scope.TOUCHED_PARTITIONS)))
            .apply("Key by partition", ParDo.of(new KeyByPartitionFn()))
            .setCoder(KvCoder.of(StringUtf8Coder.of(), BaseFileCoder.of()))
            .apply("Base files by partition", View.asMultimap());
    return records
        .apply(
            "Tag by bucket",
            ParDo.of(new TagByBucketFn(spec.bucketIndex(), files)).withSideInputs(files))
        .setCoder(TaggedRecord.TaggedRecordCoder.of(spec.schema()));
  }

  static final class KeyByPartitionFn extends DoFn<BaseFile, KV<String, BaseFile>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element BaseFile file, OutputReceiver<KV<String, BaseFile>> out) {
      out.output(KV.of(file.partitionPath(), file));
    }
  }

  static final class TagByBucketFn extends DoFn<TableRecord, TaggedRecord> {
    private static final long serialVersionUID = 1L;
    private final BucketIndex index;
    private final PCollectionView<Map<String, Iterable<BaseFile>>> files;
    private final Counter updates = Metrics.counter(TagLocations.class, "recordsInExistingBuckets");
    private final Counter inserts = Metrics.counter(TagLocations.class, "recordsInNewBuckets");
    private transient Map<BoundedWindow, Map<String, Map<Integer, BaseFile>>> bucketsByWindow;

    TagByBucketFn(BucketIndex index, PCollectionView<Map<String, Iterable<BaseFile>>> files) {
      this.index = index;
      this.files = files;
    }

    /** The side input is read once per partition per window per bundle, not once per record. */
    @StartBundle
    public void startBundle() {
      bucketsByWindow = new HashMap<>();
    }

    @ProcessElement
    public void process(
        @Element TableRecord record,
        BoundedWindow window,
        OutputReceiver<TaggedRecord> out,
        ProcessContext c) {
      Map<String, Map<Integer, BaseFile>> bucketsByPartition =
          bucketsByWindow.computeIfAbsent(window, w -> new HashMap<>());
      Map<Integer, BaseFile> buckets = bucketsByPartition.get(record.partitionPath());
      if (buckets == null) {
        buckets = bucketsOf(record.partitionPath(), c.sideInput(files));
        bucketsByPartition.put(record.partitionPath(), buckets);
      }
      BaseFile file = buckets.get(index.bucketId(record.recordKey()));
      if (file == null) {
        inserts.inc();
        out.output(TaggedRecord.of(record, Optional.empty()));
      } else {
        updates.inc();
        out.output(TaggedRecord.of(record, Optional.of(LatestBaseFiles.locationOf(file))));
      }
    }

    private static Map<Integer, BaseFile> bucketsOf(
        String partition, Map<String, Iterable<BaseFile>> files) {
      List<BaseFile> latest = new ArrayList<>();
      Iterable<BaseFile> listed = files.get(partition);
      if (listed != null) {
        listed.forEach(latest::add);
      }
      return WritePlanner.bucketsOf(partition, latest);
    }
  }
}
