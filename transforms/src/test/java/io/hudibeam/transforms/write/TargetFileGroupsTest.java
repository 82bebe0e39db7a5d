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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.ElementBatches;
import io.hudibeam.transforms.coders.BucketCoder;
import io.hudibeam.transforms.coders.StartedInstantCoder;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.TableRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.testing.CoderProperties;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.junit.Rule;
import org.junit.Test;

/**
 * The batch write's packing before its GroupByKey ({@link TargetFileGroups}): every record comes
 * back under its file group and the started instant, decoded from packs that stay near the pack
 * size, and a bundle's many small packs are let go once they hold more than the buffer size.
 */
public class TargetFileGroupsTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();

  private static final int PACK_BYTES = 2048;

  private static final StartedInstant INSTANT =
      new StartedInstant(
          InstantTime.parse("20240302000000000"),
          Action.COMMIT,
          TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
              .recordKeyFields(List.of("uuid"))
              .partitionFields(List.of("city"))
              .orderingField("ts")
              .build());

  private static final TableRecordCoder RECORDS = TableRecordCoder.of(TripsData.SCHEMA);

  private static Bucket bucket(int n) {
    return Bucket.newFileGroup(
        FileGroupId.of(
            TripsData.city(n),
            FileId.of(UUID.fromString("2f1e6e1c-6d43-4c5e-9a2b-0d7f1c3e5a6b"), n)));
  }

  private static List<KV<Bucket, TableRecord>> routed(int records, int buckets) {
    List<KV<Bucket, TableRecord>> routed = new ArrayList<>();
    for (int i = 0; i < records; i++) {
      routed.add(
          KV.of(
              bucket(i % buckets),
              TableRecord.upsert(TripsData.key(i), TripsData.city(i), TripsData.record(0, i))));
    }
    return routed;
  }

  /**
   * The records of {@link #routed}, output by one DoFn call so that they reach the packing in one
   * bundle (the DirectRunner splits a Create into small bundles).
   */
  private PCollection<KV<FileGroupTarget, byte[]>> targeted(
      String name, int records, int buckets, long bufferBytes) {
    PCollectionView<StartedInstant> started =
        pipeline
            .apply(name + " instant", Create.of(INSTANT).withCoder(StartedInstantCoder.of()))
            .apply(name + " view", View.<StartedInstant>asSingleton());
    return pipeline
        .apply(name + " seed", Create.of(records))
        .apply(name + " routed", ParDo.of(new RoutedFn(buckets)))
        .setCoder(KvCoder.of(BucketCoder.of(), RECORDS))
        .apply(
            name + " target file groups",
            ParDo.of(new TargetFileGroups(started, RECORDS, PACK_BYTES, bufferBytes))
                .withSideInputs(started))
        .setCoder(KvCoder.of(FileGroupTarget.Coder.of(), ByteArrayCoder.of()));
  }

  @Test
  public void everyRecordComesBackUnderItsFileGroupAndInstantFromBoundedPacks() {
    List<KV<Bucket, TableRecord>> routed = routed(3000, 3);
    PCollection<KV<FileGroupTarget, byte[]>> packs = targeted("Packs", 3000, 3, 1L << 20);
    PCollection<String> written =
        packs.apply(GroupByKey.create()).apply("Unpack", ParDo.of(new UnpackFn()));
    List<String> expected = new ArrayList<>();
    for (KV<Bucket, TableRecord> record : routed) {
      expected.add(record.getKey().fileGroupId() + " " + record.getValue().recordKey());
    }
    PAssert.that(written).containsInAnyOrder(expected);
    PAssert.that(packs.apply("Sizes", ParDo.of(new SizeFn())))
        .satisfies(
            sizes -> {
              List<Integer> all = new ArrayList<>();
              sizes.forEach(all::add);
              // A pack is let go with the record that takes it to the pack size (a trips record
              // is under 200 bytes encoded); 3000 records of about 130 bytes make many packs.
              assertThat(all, everyItem(lessThanOrEqualTo(PACK_BYTES + 200)));
              assertThat(all.size(), greaterThan(3000 * 100 / PACK_BYTES));
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void manySmallPacksAreLetGoOnceTheBundleHoldsMoreThanTheBuffer() {
    // 200 file groups of 10 records in one bundle: no pack reaches the pack size, so without a
    // buffer limit the bundle would end with 200 packs; holding back at most 4 KiB, about every
    // 30th record lets the bundle's packs go, a record or two each.
    PAssert.that(packCounts(targeted("Limited", 2000, 200, 4096), "Limited"))
        .satisfies(
            counts -> {
              assertThat(sum(counts), is(2000L));
              assertThat(size(counts), greaterThan(1000L));
              return null;
            });
    PAssert.that(packCounts(targeted("Unlimited", 2000, 200, 1L << 30), "Unlimited"))
        .satisfies(
            counts -> {
              assertThat(sum(counts), is(2000L));
              assertThat(size(counts), is(200L));
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  private PCollection<Integer> packCounts(
      PCollection<KV<FileGroupTarget, byte[]>> packs, String name) {
    return packs.apply(name + " counts", ParDo.of(new CountFn()));
  }

  private static long sum(Iterable<Integer> counts) {
    return StreamSupport.stream(counts.spliterator(), false).mapToLong(c -> c).sum();
  }

  private static long size(Iterable<Integer> counts) {
    return StreamSupport.stream(counts.spliterator(), false).count();
  }

  @Test
  public void theTargetCoderIsDeterministicAndRoundTrips() throws Exception {
    FileGroupTarget target = new FileGroupTarget(bucket(1), INSTANT);
    CoderProperties.coderSerializable(FileGroupTarget.Coder.of());
    CoderProperties.coderDecodeEncodeEqual(FileGroupTarget.Coder.of(), target);
    CoderProperties.coderDeterministic(FileGroupTarget.Coder.of(), target, target);
  }

  private static final class RoutedFn extends DoFn<Integer, KV<Bucket, TableRecord>> {
    private static final long serialVersionUID = 1L;
    private final int buckets;

    RoutedFn(int buckets) {
      this.buckets = buckets;
    }

    @ProcessElement
    public void process(@Element Integer records, OutputReceiver<KV<Bucket, TableRecord>> out) {
      routed(records, buckets).forEach(out::output);
    }
  }

  private static final class UnpackFn extends DoFn<KV<FileGroupTarget, Iterable<byte[]>>, String> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element KV<FileGroupTarget, Iterable<byte[]>> group, OutputReceiver<String> out) {
      if (!group.getKey().instant().equals(INSTANT)) {
        throw new AssertionError("packed for another instant: " + group.getKey().instant());
      }
      for (TableRecord record : ElementBatches.elements(group.getValue(), RECORDS)) {
        out.output(group.getKey().bucket().fileGroupId() + " " + record.recordKey());
      }
    }
  }

  private static final class SizeFn extends DoFn<KV<FileGroupTarget, byte[]>, Integer> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element KV<FileGroupTarget, byte[]> pack, OutputReceiver<Integer> out) {
      out.output(pack.getValue().length);
    }
  }

  private static final class CountFn extends DoFn<KV<FileGroupTarget, byte[]>, Integer> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element KV<FileGroupTarget, byte[]> pack, OutputReceiver<Integer> out) {
      out.output(ElementBatches.count(pack.getValue()));
    }
  }
}
