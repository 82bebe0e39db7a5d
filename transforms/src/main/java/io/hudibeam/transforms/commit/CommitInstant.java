package io.hudibeam.transforms.commit;

import io.hudibeam.commit.Cleaner;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.commit.TableLock;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.transforms.write.WriteSchemas;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.write.WritePlan;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.coders.WriteStatCoder;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.coders.CannotProvideCoderException;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CoderRegistry;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Distribution;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stage 7. Gathers every write stat on one worker (a global combine: one element even for an empty
 * batch) and commits there: files with a marker but no stat are deleted, {@code <T>.commit} is
 * written with the commit metadata and the schema, markers are deleted, then the table is cleaned.
 * {@code @RequiresStableInput} and idempotent: an instant already completed is not committed again,
 * but its post-commit steps (marker folder, heartbeat, clean) are finished.
 *
 * <p>With {@code plan} (the write plan of upserts, inserts and deletes), the commit also waits
 * until that view is computed: with no records, nothing else orders the commit after the planner,
 * which moves the instant to inflight, and the two would race on the timeline. The commit logs
 * how many file groups the plan routed to against how many were written. A write of zero
 * records commits an empty instant, as Hudi does with its default {@code
 * hoodie.allow.empty.commit=true}.
 */
public final class CommitInstant extends PTransform<PCollection<WriteStat>, PCollection<CommittedInstant>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(CommitInstant.class);
  private final WriteSpec spec;
  private final PCollectionView<StartedInstant> started;
  private final PCollectionView<WritePlan> plan;

  public CommitInstant(WriteSpec spec, PCollectionView<StartedInstant> started) {
    this(spec, started, null);
  }

  public CommitInstant(WriteSpec spec, PCollectionView<StartedInstant> started, PCollectionView<WritePlan> plan) {
    this.spec = spec;
    this.started = started;
    this.plan = plan;
  }

  @Override
  public PCollection<CommittedInstant> expand(PCollection<WriteStat> stats) {
    return stats
        .apply("Gather write stats", Combine.globally(new GatherFn()))
        .setCoder(ListCoder.of(WriteStatCoder.of()))
        .apply(
            "Commit",
            ParDo.of(new CommitFn(spec, started, plan))
                .withSideInputs(plan == null ? List.of(started) : List.of(started, plan)))
        .setCoder(CommittedInstant.CommittedInstantCoder.of());
  }

  /** Collects write stats into one list. */
  static final class GatherFn extends Combine.CombineFn<WriteStat, List<WriteStat>, List<WriteStat>> {
    private static final long serialVersionUID = 1L;

    @Override
    public List<WriteStat> createAccumulator() {
      return new ArrayList<>();
    }

    @Override
    public List<WriteStat> addInput(List<WriteStat> acc, WriteStat stat) {
      acc.add(stat);
      return acc;
    }

    @Override
    public List<WriteStat> mergeAccumulators(Iterable<List<WriteStat>> all) {
      List<WriteStat> merged = new ArrayList<>();
      all.forEach(merged::addAll);
      return merged;
    }

    @Override
    public List<WriteStat> extractOutput(List<WriteStat> acc) {
      return acc;
    }

    @Override
    public Coder<List<WriteStat>> getAccumulatorCoder(CoderRegistry registry, Coder<WriteStat> input)
        throws CannotProvideCoderException {
      return ListCoder.of(WriteStatCoder.of());
    }
  }

  static final class CommitFn extends DoFn<List<WriteStat>, CommittedInstant> {
    private static final long serialVersionUID = 1L;
    private final WriteSpec spec;
    private final PCollectionView<StartedInstant> started;
    private final PCollectionView<WritePlan> plan;
    private final Counter commits = Metrics.counter(CommitInstant.class, "instantsCommitted");
    private final Distribution latency = Metrics.distribution(CommitInstant.class, "commitMillis");

    CommitFn(WriteSpec spec, PCollectionView<StartedInstant> started, PCollectionView<WritePlan> plan) {
      this.spec = spec;
      this.started = started;
      this.plan = plan;
    }

    /**
     * The schema this commit records. Deletes may carry only keys, and readers take the newest
     * commit's schema as the table's, so a delete records the table's current schema.
     */
    private String schemaToRecord(FileSystem fs) {
      return WriteSchemas.of(spec, fs).toString();
    }

    @RequiresStableInput
    @ProcessElement
    public void process(@Element List<WriteStat> stats, OutputReceiver<CommittedInstant> out, ProcessContext c) {
      long start = System.currentTimeMillis();
      StartedInstant instant = c.sideInput(started);
      // The plan orders the commit after the planner (with no records nothing else does); its
      // size goes into the commit's log line.
      int plannedFileGroups = plan == null ? -1 : c.sideInput(plan).buckets().size();
      Configuration conf = spec.hadoopConfiguration();
      FileSystem fs = spec.fileSystem(conf);
      InstantHeartbeat.of(spec, fs).refresh(instant);
      Clock clock = Clock.systemUTC();
      TableLock lock = new TableLock(fs, spec.paths(), spec.lockSettings(), clock);
      CommitMetadata.Builder metadata =
          CommitMetadata.builder()
              .operationType(spec.operation().operationType())
              .schema(schemaToRecord(fs));
      CommittedInstant.Builder summary =
          CommittedInstant.builder()
              .instantTime(instant.instantTime().value())
              .operation(spec.operation().operationType().format());
      long inserted = 0;
      long updated = 0;
      long deleted = 0;
      long bytes = 0;
      for (WriteStat stat : stats) {
        metadata.addWriteStat(stat.partitionPath(), stat);
        inserted += stat.numInserts();
        updated += stat.numUpdateWrites();
        deleted += stat.numDeletes();
        bytes += stat.totalWriteBytes();
      }
      CommitOutcome outcome =
          new InstantCommitter(fs, spec.paths(), clock, spec.heartbeatSettings(), lock)
              .commit(instant, metadata.build());
      if (spec.cleanSettings().automatic()) {
        try (TableLock.Held held = lock.acquire("clean after " + instant.instantTime())) {
          new Cleaner(fs, spec.paths(), spec.cleanSettings())
              .clean(new InstantTimeGenerator(clock, instant.tableConfig().timelineTimezone()));
        } catch (RuntimeException e) {
          LOG.error(
              "Table {}: instant {} is committed, but cleaning failed; the next write resumes it",
              spec.paths(), instant.instantTime(), e);
        }
      }
      LOG.info("Table {}: instant {} {}: {} file groups written{}", spec.paths(), instant.instantTime(),
          outcome, stats.size(), plannedFileGroups < 0 ? "" : " of " + plannedFileGroups + " planned");
      commits.inc();
      latency.update(System.currentTimeMillis() - start);
      out.output(
          summary.outcome(outcome).recordsInserted(inserted).recordsUpdated(updated)
              .recordsDeleted(deleted).filesWritten(stats.size()).bytesWritten(bytes).build());
    }
  }
}
