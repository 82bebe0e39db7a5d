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

  TagAsNew(IndexSpec spec, PCollectionView<StartedInstant> started) {
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
