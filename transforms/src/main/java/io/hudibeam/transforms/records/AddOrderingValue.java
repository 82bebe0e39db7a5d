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
package io.hudibeam.transforms.records;

import io.hudibeam.write.CompositeOrdering;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;

/**
 * Step "Ordering value", before "Prepare records" in a write ordered by several fields: each record
 * becomes a record of its schema with the column {@value CompositeOrdering#FIELD} added, holding
 * the ordering value of its ordering fields ({@link CompositeOrdering}), which is the table's
 * ordering field. The input's schema is checked when the pipeline is built.
 */
public final class AddOrderingValue
    extends PTransform<PCollection<GenericRecord>, PCollection<GenericRecord>> {
  private static final long serialVersionUID = 1L;

  private final CompositeOrdering ordering;

  public AddOrderingValue(CompositeOrdering ordering) {
    this.ordering = ordering;
  }

  /** The schema of the records this step outputs for records of {@code input}. */
  public Schema outputSchema(Schema input) {
    ordering.check(input);
    return ordering.extend(input);
  }

  @Override
  public PCollection<GenericRecord> expand(PCollection<GenericRecord> records) {
    Schema in = ((AvroCoder<GenericRecord>) records.getCoder()).getSchema();
    Schema out = outputSchema(in);
    return records
        .apply(ParDo.of(new WithValueFn(ordering, out.toString())))
        .setCoder(AvroCoder.of(out));
  }

  private static final class WithValueFn extends DoFn<GenericRecord, GenericRecord> {
    private static final long serialVersionUID = 1L;

    private final CompositeOrdering ordering;
    private final String schemaText;
    private transient Schema schema;

    WithValueFn(CompositeOrdering ordering, String schemaText) {
      this.ordering = ordering;
      this.schemaText = schemaText;
    }

    @Setup
    public void setup() {
      schema = new Schema.Parser().parse(schemaText);
    }

    @ProcessElement
    public void process(@Element GenericRecord record, OutputReceiver<GenericRecord> out) {
      out.output(ordering.withValue(record, schema));
    }
  }
}
