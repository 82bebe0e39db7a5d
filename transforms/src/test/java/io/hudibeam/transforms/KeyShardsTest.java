package io.hudibeam.transforms;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import java.util.List;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.TupleTag;
import org.junit.Rule;
import org.junit.Test;

public class KeyShardsTest {
  @Rule public final transient TestPipeline p = TestPipeline.create();

  @Test
  public void theShardCountFollowsTheEntries() {
    assertThat(KeyShards.forEntries(0), is(KeyShards.MIN_SHARDS));
    assertThat(KeyShards.forEntries(640_000), is(64));
    assertThat(KeyShards.forEntries(640_001), is(65));
    // The 1M upsert's join: 1M incoming records and 1M stored keys.
    assertThat(KeyShards.forEntries(2_000_000), is(200));
    // The 10M upsert's: 2,000 shards of 10,000 entries, where 256 fixed shards held 78,125 each.
    assertThat(KeyShards.forEntries(20_000_000), is(2_000));
    assertThat(KeyShards.forEntries(Long.MAX_VALUE), is(KeyShards.MAX_SHARDS));
    for (String key : List.of("trip-000000000001", "", "ÿ")) {
      int shard = KeyShards.of(key, 200);
      assertThat(shard >= 0 && shard < 200, is(true));
      assertThat(shard, is(Math.floorMod(key.hashCode(), 200)));
    }
  }

  @Test
  public void theCountIsTakenOverEverySide() {
    PCollection<Long> a = p.apply("Left", GenerateSequence.from(0).to(700_000));
    PCollection<Integer> b = p.apply("Right", Create.of(1, 2, 3));
    PCollectionView<Integer> shards =
        PCollectionTuple.of(new TupleTag<Long>("left"), a).and(new TupleTag<Integer>("right"), b)
            .apply("Shards", KeyShards.count());
    PCollection<Integer> seen = b.apply("Read", ParDo.of(new ReadFn(shards)).withSideInputs(shards));
    // 700,003 entries: 71 shards.
    PAssert.that(seen).containsInAnyOrder(71, 71, 71);
    p.run().waitUntilFinish();
  }

  private static final class ReadFn extends DoFn<Integer, Integer> {
    private final PCollectionView<Integer> shards;

    ReadFn(PCollectionView<Integer> shards) {
      this.shards = shards;
    }

    @ProcessElement
    public void process(ProcessContext c) {
      c.output(c.sideInput(shards));
    }
  }
}
