package io.hudibeam.transforms.plan;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.index.BucketCountCheck;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.metadata.PartitionWorkload;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.write.AverageRecordSize;
import io.hudibeam.write.FileIdPrefixes;
import io.hudibeam.write.BucketType;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WorkloadProfile;
import io.hudibeam.write.WritePlan;
import io.hudibeam.write.WritePlanner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stages 4 and 5a. Profiles the workload (inserts per partition, updates per file group: Hudi's
 * WorkloadProfile), saves it into {@code <T>.inflight} as Hudi does, and makes the write plan once
 * on one worker: small files filled first, then new file groups sized to the max file size, with
 * file ids derived from the instant time; with the BUCKET index, updates to their bucket's file
 * group and inserts to a new file group per bucket. The plan is a singleton side input, so every
 * retry of a later bundle routes the same way, and a re-run of this step (a runner restarting part
 * of the job) makes the same plan.
 */
public final class PlanWrite extends PTransform<PCollection<TaggedRecord>, PCollectionView<WritePlan>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(PlanWrite.class);
  private final WriteSpec spec;
  private final PCollectionView<StartedInstant> started;

  public PlanWrite(WriteSpec spec, PCollectionView<StartedInstant> started) {
    this.spec = spec;
    this.started = started;
  }

  @Override
  public PCollectionView<WritePlan> expand(PCollection<TaggedRecord> tagged) {
    return tagged
        .apply("Count per bundle", ParDo.of(new CountFn()))
        .setCoder(SerializableCoder.of(Counts.class))
        .apply("Profile workload", Combine.globally(new ProfileFn()))
        .setCoder(SerializableCoder.of(WorkloadProfile.class))
        .apply("Plan buckets", ParDo.of(new PlanFn(spec, started)).withSideInputs(started))
        .setCoder(SerializableCoder.of(WritePlan.class))
        .apply("As side input", View.asSingleton());
  }

  /**
   * Mutable counts: inserts per partition, updates per file group. Counted in memory per bundle,
   * so the combine that follows sees one element per bundle, not one per record (on Flink, a
   * combine of the records would copy every record into its sort buffer).
   */
  static final class Counts implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    final Map<String, Long> inserts = new HashMap<>();
    final Map<String, Map<String, Long>> updates = new HashMap<>();

    void add(TaggedRecord tagged) {
      String partition = tagged.record().partitionPath();
      if (tagged.location().isPresent()) {
        updates
            .computeIfAbsent(partition, p -> new HashMap<>())
            .merge(tagged.location().get().fileId().value(), 1L, Long::sum);
      } else if (!tagged.record().isDelete()) {
        inserts.merge(partition, 1L, Long::sum);
      }
    }

    void addAll(Counts other) {
      other.inserts.forEach((p, n) -> inserts.merge(p, n, Long::sum));
      other.updates.forEach(
          (p, m) -> m.forEach((f, n) -> updates.computeIfAbsent(p, x -> new HashMap<>()).merge(f, n, Long::sum)));
    }

    boolean isEmpty() {
      return inserts.isEmpty() && updates.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Counts && inserts.equals(((Counts) o).inserts) && updates.equals(((Counts) o).updates);
    }

    @Override
    public int hashCode() {
      return inserts.hashCode() * 31 + updates.hashCode();
    }
  }

  /** Counts the tagged records of a bundle; outputs the bundle's counts when it finishes. */
  static final class CountFn extends DoFn<TaggedRecord, Counts> {
    private static final long serialVersionUID = 1L;
    private transient Counts counts;

    @StartBundle
    public void startBundle() {
      counts = new Counts();
    }

    @ProcessElement
    public void process(@Element TaggedRecord tagged) {
      counts.add(tagged);
    }

    /** The records of a write are in the global window. */
    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      if (!counts.isEmpty()) {
        context.output(counts, GlobalWindow.INSTANCE.maxTimestamp(), GlobalWindow.INSTANCE);
      }
      counts = null;
    }
  }

  /** Adds the bundles' counts into the workload profile. */
  static final class ProfileFn extends Combine.CombineFn<Counts, Counts, WorkloadProfile> {
    private static final long serialVersionUID = 1L;

    @Override
    public Counts createAccumulator() {
      return new Counts();
    }

    @Override
    public Counts addInput(Counts accumulator, Counts bundle) {
      accumulator.addAll(bundle);
      return accumulator;
    }

    @Override
    public Counts mergeAccumulators(Iterable<Counts> all) {
      Counts merged = new Counts();
      all.forEach(merged::addAll);
      return merged;
    }

    @Override
    public WorkloadProfile extractOutput(Counts counts) {
      Map<String, WorkloadProfile.PartitionWorkload> partitions = new TreeMap<>();
      java.util.Set<String> names = new java.util.TreeSet<>(counts.inserts.keySet());
      names.addAll(counts.updates.keySet());
      for (String partition : names) {
        Map<FileId, Long> updates = new TreeMap<>();
        counts.updates.getOrDefault(partition, Map.of()).forEach((f, n) -> updates.put(FileId.parse(f), n));
        partitions.put(
            partition,
            WorkloadProfile.PartitionWorkload.of(counts.inserts.getOrDefault(partition, 0L), updates));
      }
      return WorkloadProfile.of(partitions);
    }
  }

  static final class PlanFn extends DoFn<WorkloadProfile, WritePlan> {
    private static final long serialVersionUID = 1L;
    private final WriteSpec spec;
    private final PCollectionView<StartedInstant> started;

    PlanFn(WriteSpec spec, PCollectionView<StartedInstant> started) {
      this.spec = spec;
      this.started = started;
    }

    @ProcessElement
    public void process(@Element WorkloadProfile profile, OutputReceiver<WritePlan> out, ProcessContext c) {
      StartedInstant instant = c.sideInput(started);
      Configuration conf = spec.hadoopConfiguration();
      FileSystem fs = spec.fileSystem(conf);
      TablePaths paths = spec.paths();
      Timeline timeline = Timeline.load(fs, paths);
      List<String> partitions = new ArrayList<>(profile.partitions().keySet());
      FileSystemView view = FileSystemView.load(fs, paths, timeline, partitions);
      Map<String, List<BaseFile>> latest = new HashMap<>();
      for (String partition : partitions) {
        latest.put(partition, view.latestBaseFiles(partition));
      }
      WritePlanner planner = new WritePlanner(spec.fileSizing(), FileIdPrefixes.of(instant.instantTime()));
      long averageRecordSize = 0;
      WritePlan plan;
      if (spec.index() == IndexType.BUCKET) {
        plan = planner.planBuckets(profile, latest, spec.bucketIndex());
        warnIfBucketsAreSparse(profile, latest, AverageRecordSize.estimate(fs, paths, timeline, spec.fileSizing()));
      } else {
        averageRecordSize = AverageRecordSize.estimate(fs, paths, timeline, spec.fileSizing());
        plan = planner.plan(profile, latest, averageRecordSize, true);
      }
      saveToInflight(fs, paths, timeline, instant, profile, plan);
      LOG.info(
          "Table {}: instant {} plans {} inserts and {} updates into {} file groups (average record"
              + " size {} bytes)",
          paths, instant.instantTime(), profile.totalInserts(), profile.totalUpdates(),
          plan.buckets().size(), averageRecordSize);
      out.output(plan);
    }

    /** One WARN per write when the bucket count is far above what the data fills. */
    private void warnIfBucketsAreSparse(
        WorkloadProfile profile, Map<String, List<BaseFile>> latest, long averageRecordSize) {
      Map<String, Long> partitionBytes = new TreeMap<>();
      profile.partitions().forEach((partition, workload) -> {
        long bytes = workload.inserts() * averageRecordSize;
        for (BaseFile file : latest.getOrDefault(partition, List.of())) {
          bytes += file.sizeInBytes();
        }
        partitionBytes.put(partition, bytes);
      });
      BucketCountCheck.warning(
              spec.bucketIndex().numBuckets(), spec.fileSizing().maxFileSize(), partitionBytes)
          .ifPresent(message -> LOG.warn("Table {}: {}", spec.paths(), message));
    }

    private void saveToInflight(
        FileSystem fs, TablePaths paths, Timeline timeline, StartedInstant instant,
        WorkloadProfile profile, WritePlan plan) {
      Instant current =
          timeline.find(instant.instantTime(), instant.action())
              .orElseThrow(() -> new io.hudibeam.table.HudiTableException(
                  "Instant " + instant.instantTime() + " of table " + paths
                      + " is no longer on the timeline; another writer rolled it back"));
      if (current.state() != State.REQUESTED) {
        return;
      }
      Map<String, PartitionWorkload> workload = new TreeMap<>();
      for (Map.Entry<String, WritePlan.PartitionPlan> e : plan.partitions().entrySet()) {
        WorkloadProfile.PartitionWorkload counts = profile.partition(e.getKey());
        List<PartitionWorkload.FileGroupWorkload> groups = new ArrayList<>();
        Map<String, Long> plannedInserts = new HashMap<>();
        for (WritePlan.InsertTarget target : e.getValue().insertTargets()) {
          plannedInserts.merge(target.bucket().fileGroupId().fileId().value(), target.plannedInserts(), Long::sum);
        }
        e.getValue().updateBuckets().forEach((fileId, bucket) -> groups.add(
            new PartitionWorkload.FileGroupWorkload(
                fileId.value(),
                bucket.baseFile().get().name().instantTime().value(),
                counts.updates().getOrDefault(fileId, 0L),
                plannedInserts.getOrDefault(fileId.value(), 0L))));
        for (WritePlan.InsertTarget target : e.getValue().insertTargets()) {
          if (target.bucket().type() == BucketType.INSERT) {
            groups.add(new PartitionWorkload.FileGroupWorkload(
                target.bucket().fileGroupId().fileId().value(), WriteStat.NULL_COMMIT, 0, target.plannedInserts()));
          }
        }
        workload.put(e.getKey(), new PartitionWorkload(counts.inserts(), groups));
      }
      CommitMetadata inflight =
          CommitMetadata.workloadProfile(spec.operation().operationType(), workload);
      new TimelineWriter(fs, paths).transitionToInflight(current, CommitMetadataJson.toJson(inflight));
    }
  }
}
