package io.hudibeam.transforms.index;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.TableRecord;
import java.util.Optional;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * Insert-only index: INSERT and BULK_INSERT with a SIMPLE, GLOBAL_SIMPLE or BLOOM index look
 * nothing up; every record is tagged as new, as Hudi's insert does (duplicates are kept).
 */
final class TagAsNew extends IndexStage {
  private static final long serialVersionUID = 1L;

  TagAsNew(WriteSpec spec, PCollectionView<StartedInstant> started) {
    super("Insert-only index", spec, started);
  }

  @Override
  public PCollection<TaggedRecord> expand(PCollection<TableRecord> records) {
    return records
        .apply("Tag as new", ParDo.of(new TagAsNewFn()))
        .setCoder(TaggedRecord.TaggedRecordCoder.of(spec.schema()));
  }

  static final class TagAsNewFn extends DoFn<TableRecord, TaggedRecord> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element TableRecord record, OutputReceiver<TaggedRecord> out) {
      out.output(TaggedRecord.of(record, Optional.empty()));
    }
  }
}
