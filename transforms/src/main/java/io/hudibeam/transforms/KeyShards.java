package io.hudibeam.transforms;

import java.util.Map;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.Sum;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * Spreads record keys over shuffle keys for the joins and de-duplication that need all records of
 * one key together. Grouping by shard rather than by key keeps the number of groups bounded
 * (runners pay per group: the DirectRunner runs one bundle per key), at the price of holding one
 * shard's entries in memory. So the shard count follows the data: {@link #count} counts the
 * entries of the sides to be grouped (for the index join: the batch and the stored keys of the
 * touched partitions) and makes {@code ceil(entries / }{@value #ENTRIES_PER_SHARD}{@code )} shards,
 * at least {@value #MIN_SHARDS} (so that small writes still spread over a cluster's workers), at
 * most {@value #MAX_SHARDS}. A shard then holds about {@value #ENTRIES_PER_SHARD} entries whatever
 * the write's size.
 */
public final class KeyShards {
  /** The entries a shard is sized for. */
  public static final long ENTRIES_PER_SHARD = 10_000;

  public static final int MIN_SHARDS = 64;
  public static final int MAX_SHARDS = 1 << 20;

  private KeyShards() {}

  /** The shard count for a grouping of {@code entries} entries. */
  public static int forEntries(long entries) {
    long positive = Math.max(entries, 0);
    long shards = positive / ENTRIES_PER_SHARD + (positive % ENTRIES_PER_SHARD == 0 ? 0 : 1);
    return (int) Math.min(MAX_SHARDS, Math.max(MIN_SHARDS, shards));
  }

  /** The shard of a record key among {@code shards}; String.hashCode is the same in every JVM. */
  public static int of(String recordKey, int shards) {
    return Math.floorMod(recordKey.hashCode(), shards);
  }

  /**
   * The shard count for grouping the elements of the tuple's collections together, as a singleton
   * side input: their total count through {@link #forEntries}. Applied as a composite step, e.g.
   * {@code PCollectionTuple.of(tag, records).and(tag2, stored).apply("Shards", KeyShards.count())}.
   * Empty inputs give an empty view (no default is inserted, so nothing starts from an Impulse):
   * read it only for an element of one of the collections.
   */
  public static PTransform<PCollectionTuple, PCollectionView<Integer>> count() {
    return new CountShards();
  }

  private static final class CountShards extends PTransform<PCollectionTuple, PCollectionView<Integer>> {
    private static final long serialVersionUID = 1L;

    @Override
    public PCollectionView<Integer> expand(PCollectionTuple sides) {
      PCollectionList<Long> counts = PCollectionList.empty(sides.getPipeline());
      for (Map.Entry<TupleTag<?>, PCollection<?>> side : sides.getAll().entrySet()) {
        counts = counts.and(count(side.getValue(), "Count " + side.getKey().getId()));
      }
      return counts
          .apply("Both sides", Flatten.pCollections())
          .apply("Total", Combine.globally(Sum.ofLongs()).withoutDefaults())
          .apply("Shard count", MapElements.into(TypeDescriptors.integers()).via(KeyShards::forEntries))
          .apply("As side input", View.asSingleton());
    }

    private static <T> PCollection<Long> count(PCollection<T> side, String name) {
      return side.apply(name, Combine.globally(Count.<T>combineFn()).withoutDefaults());
    }
  }
}
