package io.hudibeam.transforms.index;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.index.FileKeyLookup;
import io.hudibeam.index.FileKeyRange;
import io.hudibeam.index.KeyRangeFilter;
import io.hudibeam.keygen.HoodieKey;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.transforms.Deduplication;
import io.hudibeam.transforms.KeyShards;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.transforms.coders.BaseFileCoder;
import io.hudibeam.transforms.coders.RecordLocationCoder;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.records.PreferredRecord;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteOperation;
import io.hudibeam.write.WritePlanner;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.Distinct;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.Impulse;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.transforms.join.RawUnionValue;
import org.apache.beam.sdk.transforms.join.UnionCoder;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Stage 3. Tags each record with the file group that already holds its key, if any. SIMPLE: the
 * keys of the latest base files of the partitions the batch touches are read (one file per task,
 * after a reshuffle) and joined with the incoming keys on (record key, partition path).
 * GLOBAL_SIMPLE: every partition's files, joined on the record key alone; a record whose partition
 * changed becomes a delete at its old location plus an insert at its new one. BLOOM (Hudi's
 * HoodieBloomIndex): only the footers' key ranges are a side input; keys become (file, key)
 * candidates, grouped per file, checked against the file's bloom filter and confirmed against its
 * keys, then joined as SIMPLE. BUCKET (Hudi's HoodieSimpleBucketIndex): a record is tagged to the
 * file group of its bucket, no keys are read, also for INSERT. INSERT and BULK_INSERT with the
 * other indexes look nothing up.
 *
 * <p>Only upserts and deletes reach the join, and it keeps one incoming record per join key, the
 * one with the larger ordering value ({@link Deduplication#IN_INDEX_JOIN}): PrepareRecords
 * de-duplicates only for the bucket index, so with the other indexes upserts and deletes arrive
 * here with duplicates.
 *
 * <pre>
 * SIMPLE:  records ─┬─ partitions ─ Distinct ─ latest base files ─ Reshuffle ─ read keys ─┐
 *                   └─────────────────────────────── key shard ── Flatten, GroupByKey ─┴─ one per key, tag
 * BLOOM:   latest base files ─ read footers ─ key ranges (side input)
 *          records ─ candidate (file, key) ─ GroupByKey(file) ─ bloom filter + keys ─ join as SIMPLE
 * BUCKET:  latest base files by partition (side input) ─ records ─ bucket id ─ tag
 * </pre>
 */
public final class TagLocations extends PTransform<PCollection<TableRecord>, PCollection<TaggedRecord>> {
  private static final long serialVersionUID = 1L;
  private final WriteSpec spec;
  private final PCollectionView<StartedInstant> started;

  public TagLocations(WriteSpec spec, PCollectionView<StartedInstant> started) {
    this.spec = spec;
    this.started = started;
  }

  @Override
  public PCollection<TaggedRecord> expand(PCollection<TableRecord> records) {
    TaggedRecord.TaggedRecordCoder taggedCoder = TaggedRecord.TaggedRecordCoder.of(spec.schema());
    // With the bucket index an insert still goes to its bucket's file group, which may exist.
    if (spec.index() == IndexType.BUCKET) {
      return tagByBucket(records, taggedCoder);
    }
    boolean insertOnly =
        spec.operation() == WriteOperation.INSERT || spec.operation() == WriteOperation.BULK_INSERT;
    if (insertOnly) {
      return records
          .apply("Tag as new", ParDo.of(new TagAsNewFn()))
          .setCoder(taggedCoder);
    }
    boolean global = spec.index().isGlobal();
    PCollection<BaseFile> files;
    if (global) {
      files =
          records.getPipeline()
              .apply("Impulse", Impulse.create())
              .apply("List all latest base files", ParDo.of(new ListAllBaseFilesFn(spec, started)).withSideInputs(started))
              .setCoder(BaseFileCoder.of());
    } else {
      files = latestBaseFilesOfTouchedPartitions(records);
    }
    PCollection<KV<String, RecordLocation>> storedKeys =
        spec.index() == IndexType.BLOOM
            ? bloomLookup(records, files)
            : files
                .apply("Spread base files", Reshuffle.viaRandomKey())
                .apply("Read stored keys", ParDo.of(new ReadKeysFn(spec)))
                .setCoder(KvCoder.of(StringUtf8Coder.of(), RecordLocationCoder.of()));
    return global
        ? join(records, storedKeys, new ByRecordKey(), taggedCoder, true)
        : join(records, storedKeys, new ByHoodieKey(), taggedCoder, false);
  }

  private PCollection<BaseFile> latestBaseFilesOfTouchedPartitions(PCollection<TableRecord> records) {
    return records
        .apply("Partition paths", ParDo.of(new PartitionPathsFn()))
        .setCoder(StringUtf8Coder.of())
        .apply("Distinct partitions", Distinct.create())
        .apply("List latest base files", ParDo.of(new ListBaseFilesFn(spec, started)).withSideInputs(started))
        .setCoder(BaseFileCoder.of());
  }

  /**
   * BLOOM: the key ranges of the latest base files (footers only) are a side input; each incoming key
   * becomes a (file, key) candidate for every file whose range may hold it; per file, the candidates
   * are checked against its bloom filter and confirmed against its keys.
   */
  private PCollection<KV<String, RecordLocation>> bloomLookup(
      PCollection<TableRecord> records, PCollection<BaseFile> files) {
    PCollectionView<List<FileKeyRange>> ranges =
        files
            .apply("Spread footers", Reshuffle.viaRandomKey())
            .apply("Read key ranges", ParDo.of(new ReadKeyRangeFn(spec)))
            .setCoder(SerializableCoder.of(FileKeyRange.class))
            .apply("Key ranges", View.asList());
    return records
        .apply("Candidate files", ParDo.of(new CandidateFilesFn(ranges)).withSideInputs(ranges))
        .setCoder(KvCoder.of(BaseFileCoder.of(), StringUtf8Coder.of()))
        .apply("Group candidates by file", GroupByKey.create())
        .apply("Check bloom filters and keys", ParDo.of(new LookupKeysFn(spec)))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), RecordLocationCoder.of()));
  }

  /**
   * BUCKET: the file group of each bucket of the touched partitions is a side input (one entry per
   * file group); a record is tagged to its bucket's file group when it has one, as Hudi's
   * HoodieSimpleBucketIndex.tagLocation does, whether or not the key is stored there.
   */
  private PCollection<TaggedRecord> tagByBucket(
      PCollection<TableRecord> records, TaggedRecord.TaggedRecordCoder taggedCoder) {
    PCollectionView<Map<String, Iterable<BaseFile>>> files =
        latestBaseFilesOfTouchedPartitions(records)
            .apply("Key by partition", ParDo.of(new KeyByPartitionFn()))
            .setCoder(KvCoder.of(StringUtf8Coder.of(), BaseFileCoder.of()))
            .apply("Base files by partition", View.asMultimap());
    return records
        .apply("Tag by bucket", ParDo.of(new TagByBucketFn(spec.bucketIndex(), files)).withSideInputs(files))
        .setCoder(taggedCoder);
  }

  /**
   * The union carries each side as it is (a record, a stored key with its location); the join key
   * is derived from it in {@link TagFn}, not shipped beside it.
   */
  private <K> PCollection<TaggedRecord> join(
      PCollection<TableRecord> records,
      PCollection<KV<String, RecordLocation>> storedKeys,
      KeyFunctions<K> keys,
      TaggedRecord.TaggedRecordCoder taggedCoder,
      boolean global) {
    UnionCoder union =
        UnionCoder.of(List.of(TableRecordCoder.of(spec.schema()), KvCoder.of(StringUtf8Coder.of(), RecordLocationCoder.of())));
    KvCoder<Integer, RawUnionValue> shardCoder = KvCoder.of(VarIntCoder.of(), union);
    PCollection<KV<Integer, RawUnionValue>> incoming =
        records
            .apply("Key incoming records", ParDo.of(new KeyRecordsFn()))
            .setCoder(shardCoder);
    PCollection<KV<Integer, RawUnionValue>> stored =
        storedKeys
            .apply("Key stored records", ParDo.of(new KeyLocationsFn()))
            .setCoder(shardCoder);
    return PCollectionList.of(incoming)
        .and(stored)
        .apply("Both sides", Flatten.pCollections())
        .apply("Join keys", GroupByKey.create())
        .apply("Keep one per key and tag", ParDo.of(new TagFn<K>(keys, new PreferredRecord(spec.orderingField()), global)))
        .setCoder(taggedCoder);
  }

  /**
   * The distinct partition paths of a bundle, output when it finishes: the {@code Distinct} that
   * follows sees one element per partition per bundle, not one per record.
   */
  static final class PartitionPathsFn extends DoFn<TableRecord, String> {
    private static final long serialVersionUID = 1L;
    private transient Set<String> partitions;

    @StartBundle
    public void startBundle() {
      partitions = new HashSet<>();
    }

    @ProcessElement
    public void process(@Element TableRecord record) {
      partitions.add(record.partitionPath());
    }

    /** The records of a write are in the global window. */
    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      for (String partition : partitions) {
        context.output(partition, GlobalWindow.INSTANCE.maxTimestamp(), GlobalWindow.INSTANCE);
      }
      partitions = null;
    }
  }

  static final class TagAsNewFn extends DoFn<TableRecord, TaggedRecord> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element TableRecord record, OutputReceiver<TaggedRecord> out) {
      out.output(TaggedRecord.of(record, Optional.empty()));
    }
  }

  /** How records and stored keys are keyed for the join. */
  interface KeyFunctions<K> extends java.io.Serializable {
    K ofRecord(TableRecord record);

    K ofStored(String recordKey, RecordLocation location);
  }

  static final class ByHoodieKey implements KeyFunctions<HoodieKey> {
    private static final long serialVersionUID = 1L;

    @Override
    public HoodieKey ofRecord(TableRecord record) {
      return HoodieKey.of(record.recordKey(), record.partitionPath());
    }

    @Override
    public HoodieKey ofStored(String recordKey, RecordLocation location) {
      return HoodieKey.of(recordKey, location.partitionPath());
    }
  }

  static final class ByRecordKey implements KeyFunctions<String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String ofRecord(TableRecord record) {
      return record.recordKey();
    }

    @Override
    public String ofStored(String recordKey, RecordLocation location) {
      return recordKey;
    }
  }

  /** Union tag of incoming records in the join; stored locations are {@link #STORED}. */
  static final int INCOMING = 0;

  static final int STORED = 1;

  static final class KeyRecordsFn extends DoFn<TableRecord, KV<Integer, RawUnionValue>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element TableRecord record, OutputReceiver<KV<Integer, RawUnionValue>> out) {
      out.output(KV.of(KeyShards.of(record.recordKey()), new RawUnionValue(INCOMING, record)));
    }
  }

  static final class KeyLocationsFn extends DoFn<KV<String, RecordLocation>, KV<Integer, RawUnionValue>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element KV<String, RecordLocation> stored, OutputReceiver<KV<Integer, RawUnionValue>> out) {
      out.output(KV.of(KeyShards.of(stored.getKey()), new RawUnionValue(STORED, stored)));
    }
  }

  static final class ListBaseFilesFn extends DoFn<String, BaseFile> {
    private static final long serialVersionUID = 1L;
    private final WriteSpec spec;
    private final PCollectionView<StartedInstant> started;
    private transient InstantHeartbeat heartbeat;

    ListBaseFilesFn(WriteSpec spec, PCollectionView<StartedInstant> started) {
      this.spec = spec;
      this.started = started;
    }

    @ProcessElement
    public void process(@Element String partition, OutputReceiver<BaseFile> out, ProcessContext c) {
      Configuration conf = spec.hadoopConfiguration();
      FileSystem fs = spec.fileSystem(conf);
      if (heartbeat == null) {
        heartbeat = InstantHeartbeat.of(spec, fs);
      }
      heartbeat.refresh(c.sideInput(started));
      TablePaths paths = spec.paths();
      FileSystemView.load(fs, paths, Timeline.load(fs, paths), List.of(partition))
          .latestBaseFiles(partition)
          .forEach(out::output);
    }
  }

  static final class ListAllBaseFilesFn extends DoFn<byte[], BaseFile> {
    private static final long serialVersionUID = 1L;
    private final WriteSpec spec;
    private final PCollectionView<StartedInstant> started;
    private transient InstantHeartbeat heartbeat;

    ListAllBaseFilesFn(WriteSpec spec, PCollectionView<StartedInstant> started) {
      this.spec = spec;
      this.started = started;
    }

    @ProcessElement
    public void process(OutputReceiver<BaseFile> out, ProcessContext c) {
      Configuration conf = spec.hadoopConfiguration();
      FileSystem fs = spec.fileSystem(conf);
      if (heartbeat == null) {
        heartbeat = InstantHeartbeat.of(spec, fs);
      }
      heartbeat.refresh(c.sideInput(started));
      TablePaths paths = spec.paths();
      FileSystemView.load(fs, paths, Timeline.load(fs, paths)).latestBaseFiles().forEach(out::output);
    }
  }

  static final class ReadKeysFn extends DoFn<BaseFile, KV<String, RecordLocation>> {
    private static final long serialVersionUID = 1L;
    private final WriteSpec spec;
    private final Counter filesRead = Metrics.counter(TagLocations.class, "baseFilesRead");
    private final Counter keysRead = Metrics.counter(TagLocations.class, "storedKeysRead");
    private transient Configuration conf;

    ReadKeysFn(WriteSpec spec) {
      this.spec = spec;
    }

    @Setup
    public void setup() {
      conf = spec.hadoopConfiguration();
    }

    @ProcessElement
    public void process(@Element BaseFile file, OutputReceiver<KV<String, RecordLocation>> out) {
      RecordLocation location = locationOf(file);
      List<String> keys =
          BaseFileReader.of(
                  conf,
                  new Path(spec.paths().basePath(), file.relativePath()))
              .readRecordKeys();
      filesRead.inc();
      keysRead.inc(keys.size());
      for (String key : keys) {
        out.output(KV.of(key, location));
      }
    }
  }

  static RecordLocation locationOf(BaseFile file) {
    return RecordLocation.of(file.partitionPath(), file.name().fileId(), file.name().instantTime());
  }

  static final class ReadKeyRangeFn extends DoFn<BaseFile, FileKeyRange> {
    private static final long serialVersionUID = 1L;
    private final WriteSpec spec;
    private transient Configuration conf;

    ReadKeyRangeFn(WriteSpec spec) {
      this.spec = spec;
    }

    @Setup
    public void setup() {
      conf = spec.hadoopConfiguration();
    }

    @ProcessElement
    public void process(@Element BaseFile file, OutputReceiver<FileKeyRange> out) {
      Path path = new Path(spec.paths().basePath(), file.relativePath());
      out.output(FileKeyRange.fromFooter(file, BaseFileReader.of(conf, path).readFooter()));
    }
  }

  static final class CandidateFilesFn extends DoFn<TableRecord, KV<BaseFile, String>> {
    private static final long serialVersionUID = 1L;
    private final PCollectionView<List<FileKeyRange>> ranges;
    private final Counter candidates = Metrics.counter(TagLocations.class, "bloomIndexCandidatePairs");
    private transient KeyRangeFilter filter;

    CandidateFilesFn(PCollectionView<List<FileKeyRange>> ranges) {
      this.ranges = ranges;
    }

    /** The records of a write are in the global window: one side input value per bundle. */
    @StartBundle
    public void startBundle() {
      filter = null;
    }

    @ProcessElement
    public void process(@Element TableRecord record, OutputReceiver<KV<BaseFile, String>> out, ProcessContext c) {
      if (filter == null) {
        filter = KeyRangeFilter.of(c.sideInput(ranges));
      }
      for (BaseFile file : filter.candidates(record.partitionPath(), record.recordKey())) {
        candidates.inc();
        out.output(KV.of(file, record.recordKey()));
      }
    }
  }

  static final class LookupKeysFn extends DoFn<KV<BaseFile, Iterable<String>>, KV<String, RecordLocation>> {
    private static final long serialVersionUID = 1L;
    private final WriteSpec spec;
    private final Counter filesChecked = Metrics.counter(TagLocations.class, "bloomIndexFilesChecked");
    private final Counter bloomMatches = Metrics.counter(TagLocations.class, "bloomFilterMatches");
    private final Counter confirmed = Metrics.counter(TagLocations.class, "bloomIndexKeysConfirmed");
    private transient Configuration conf;

    LookupKeysFn(WriteSpec spec) {
      this.spec = spec;
    }

    @Setup
    public void setup() {
      conf = spec.hadoopConfiguration();
    }

    @ProcessElement
    public void process(@Element KV<BaseFile, Iterable<String>> candidates, OutputReceiver<KV<String, RecordLocation>> out) {
      BaseFile file = candidates.getKey();
      List<String> keys = new ArrayList<>();
      candidates.getValue().forEach(keys::add);
      Path path = new Path(spec.paths().basePath(), file.relativePath());
      FileKeyLookup.Result result = FileKeyLookup.of(BaseFileReader.of(conf, path)).lookup(keys);
      filesChecked.inc();
      bloomMatches.inc(result.bloomFilterMatches());
      confirmed.inc(result.confirmedKeys().size());
      RecordLocation location = locationOf(file);
      for (String key : result.confirmedKeys()) {
        out.output(KV.of(key, location));
      }
    }
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
    private transient Map<String, Map<Integer, BaseFile>> bucketsByPartition;

    TagByBucketFn(BucketIndex index, PCollectionView<Map<String, Iterable<BaseFile>>> files) {
      this.index = index;
      this.files = files;
    }

    /** The records of a write are in the global window: one side input value per bundle. */
    @StartBundle
    public void startBundle() {
      bucketsByPartition = new HashMap<>();
    }

    @ProcessElement
    public void process(@Element TableRecord record, OutputReceiver<TaggedRecord> out, ProcessContext c) {
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
        out.output(TaggedRecord.of(record, Optional.of(locationOf(file))));
      }
    }

    private static Map<Integer, BaseFile> bucketsOf(String partition, Map<String, Iterable<BaseFile>> files) {
      List<BaseFile> latest = new ArrayList<>();
      Iterable<BaseFile> listed = files.get(partition);
      if (listed != null) {
        listed.forEach(latest::add);
      }
      return WritePlanner.bucketsOf(partition, latest);
    }
  }

  /**
   * Joins one shard in a single pass over the grouped values (runners need not re-iterate a group):
   * the stored locations of each key are collected and, of the incoming records of each key, the
   * preferred one (as PrepareRecords' de-duplication: per record key for a global index, else per
   * (key, partition)); then each kept record is tagged. Holds one shard in memory: its stored keys
   * and one record per incoming key, about (batch + stored keys) / {@value KeyShards#SHARDS}.
   */
  static final class TagFn<K> extends DoFn<KV<Integer, Iterable<RawUnionValue>>, TaggedRecord> {
    private static final long serialVersionUID = 1L;
    private final KeyFunctions<K> keys;
    private final PreferredRecord preferred;
    private final boolean global;
    private final Counter updates = Metrics.counter(TagLocations.class, "recordsFound");
    private final Counter inserts = Metrics.counter(TagLocations.class, "recordsNew");
    private final Counter dropped = Metrics.counter(TagLocations.class, "duplicateRecordsDropped");

    TagFn(KeyFunctions<K> keys, PreferredRecord preferred, boolean global) {
      this.keys = keys;
      this.preferred = preferred;
      this.global = global;
    }

    @ProcessElement
    @SuppressWarnings("unchecked")
    public void process(@Element KV<Integer, Iterable<RawUnionValue>> shard, OutputReceiver<TaggedRecord> out) {
      // A key stored twice (inserts allow duplicates) is found once per file group holding it.
      Map<K, Set<RecordLocation>> stored = new HashMap<>();
      Map<K, TableRecord> incoming = new HashMap<>();
      long received = 0;
      for (RawUnionValue value : shard.getValue()) {
        if (value.getUnionTag() == STORED) {
          KV<String, RecordLocation> kv = (KV<String, RecordLocation>) value.getValue();
          stored.computeIfAbsent(keys.ofStored(kv.getKey(), kv.getValue()), k -> new HashSet<>()).add(kv.getValue());
        } else {
          TableRecord record = (TableRecord) value.getValue();
          incoming.merge(keys.ofRecord(record), record, preferred::prefer);
          received++;
        }
      }
      dropped.inc(received - incoming.size());
      for (Map.Entry<K, TableRecord> kept : incoming.entrySet()) {
        List<RecordLocation> locations = new ArrayList<>(stored.getOrDefault(kept.getKey(), Set.of()));
        locations.sort(Comparator.comparing(RecordLocation::toString));
        tag(kept.getValue(), locations, out);
      }
    }

    private void tag(TableRecord record, List<RecordLocation> locations, OutputReceiver<TaggedRecord> out) {
      if (locations.isEmpty()) {
        inserts.inc();
        out.output(TaggedRecord.of(record, Optional.empty()));
        return;
      }
      updates.inc();
      if (record.isDelete()) {
        for (RecordLocation location : locations) {
          out.output(TaggedRecord.of(record.withPartitionPath(location.partitionPath()), Optional.of(location)));
        }
        return;
      }
      if (!global) {
        // Every file group holding the key is updated, as Hudi's simple index tags each match.
        for (RecordLocation location : locations) {
          out.output(TaggedRecord.of(record, Optional.of(location)));
        }
        return;
      }
      RecordLocation location = locations.get(0);
      if (!location.partitionPath().equals(record.partitionPath())) {
        out.output(TaggedRecord.of(TableRecord.delete(record.recordKey(), location.partitionPath(), null), Optional.of(location)));
        out.output(TaggedRecord.of(record, Optional.empty()));
      } else {
        out.output(TaggedRecord.of(record, Optional.of(location)));
      }
    }
  }
}
