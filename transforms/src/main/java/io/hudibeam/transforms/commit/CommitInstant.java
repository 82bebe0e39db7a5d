package io.hudibeam.transforms.commit;

import io.hudibeam.commit.Cleaner;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.commit.TimelineArchiver;
import io.hudibeam.transforms.write.WriteSchemas;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.WriteStat;
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
 * written with the commit metadata and the schema, markers are deleted, then the table is cleaned
 * and, on a merge-on-read table with {@code hoodie.compact.inline}, compacted.
 * {@code @RequiresStableInput} and idempotent: an instant already completed is not committed again.
 */
public final class CommitInstant extends PTransform<PCollection<WriteStat>, PCollection<CommittedInstant>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(CommitInstant.class);
  private final WriteSpec spec;
  private final PCollectionView<StartedInstant> started;

  public CommitInstant(WriteSpec spec, PCollectionView<StartedInstant> started) {
    this.spec = spec;
    this.started = started;
  }

  @Override
  public PCollection<CommittedInstant> expand(PCollection<WriteStat> stats) {
    return stats
        .apply("Gather write stats", Combine.globally(new GatherFn()))
        .setCoder(ListCoder.of(WriteStatCoder.of()))
        .apply("Commit", ParDo.of(new CommitFn(spec, started)).withSideInputs(started))
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
    private final Counter commits = Metrics.counter(CommitInstant.class, "instantsCommitted");
    private final Distribution latency = Metrics.distribution(CommitInstant.class, "commitMillis");

    CommitFn(WriteSpec spec, PCollectionView<StartedInstant> started) {
      this.spec = spec;
      this.started = started;
    }

    /**
     * The schema this commit records. Deletes may carry only keys, and readers take the newest
     * commit's schema as the table's, so a delete records the table's current schema.
     */
    private String schemaToRecord(FileSystem fs) {
      return WriteSchemas.of(spec, fs).toString();
    }

    /** Archives the timeline after the commit; a failure is logged, the next commit retries it. */
    private void archive(FileSystem fs) {
      try {
        if (spec.archiveSettings().automatic()) {
          new TimelineArchiver(fs, spec.paths(), spec.archiveSettings(), spec.cleanSettings()).archive();
        }
      } catch (RuntimeException e) {
        LOG.error("Table {}: archiving the timeline failed; the next commit retries it", spec.paths(), e);
      }
    }

    @RequiresStableInput
    @ProcessElement
    public void process(@Element List<WriteStat> stats, OutputReceiver<CommittedInstant> out, ProcessContext c) {
      long start = System.currentTimeMillis();
      StartedInstant instant = c.sideInput(started);
      Configuration conf = spec.hadoopConfiguration();
      FileSystem fs = spec.fileSystem(conf);
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
          new InstantCommitter(fs, spec.paths())
              .commit(instant.instantTime(), instant.action(), metadata.build());
      if (outcome == CommitOutcome.COMMITTED && spec.cleanSettings().automatic()) {
        try {
          new Cleaner(fs, spec.paths(), spec.cleanSettings())
              .clean(new InstantTimeGenerator(Clock.systemUTC(), instant.tableConfig().timelineTimezone()));
        } catch (RuntimeException e) {
          LOG.error(
              "Table {}: instant {} is committed, but cleaning failed; the next write resumes it",
              spec.paths(), instant.instantTime(), e);
        }
      }
      if (outcome == CommitOutcome.COMMITTED && spec.mergeOnRead()) {
        try {
          new io.hudibeam.commit.Compactor(conf, fs, spec.paths()).runInline(
              spec.compactionSettings(),
              new InstantTimeGenerator(Clock.systemUTC(), instant.tableConfig().timelineTimezone()),
              spec.parquetSettings());
        } catch (RuntimeException e) {
          LOG.error(
              "Table {}: instant {} is committed, but inline compaction failed; the next write or"
                  + " HudiIO.compact() completes it", spec.paths(), instant.instantTime(), e);
        }
      }
      if (outcome == CommitOutcome.COMMITTED) {
        archive(fs);
      }
      commits.inc();
      latency.update(System.currentTimeMillis() - start);
      out.output(
          summary.outcome(outcome).recordsInserted(inserted).recordsUpdated(updated)
              .recordsDeleted(deleted).filesWritten(stats.size()).bytesWritten(bytes).build());
    }
  }
}
