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
package io.hudibeam;

import io.hudibeam.keygen.KeyGenerator;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.transforms.schema.RowToGenericRecord;
import io.hudibeam.write.ChangeTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.BadRecordRouter;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The step {@value #STEP} of {@code withBadRecordErrorHandler}: converts each input element to the
 * table's Avro record and keys it with the table's key generator, and sends the elements that fail
 * either to Beam's bad-record output ({@link BadRecordRouter#RECORDING_ROUTER}), which goes to the
 * user's {@link ErrorHandler}. The bad record carries the input element (as JSON and encoded with
 * the input's coder), the exception with its stack trace, and a description naming the failing step
 * ({@value #CONVERT} or {@value #KEY}) and the reason. The records that pass are certain to be
 * keyed by "Prepare records" (same key generator, same record), so nothing is committed for the bad
 * ones and the rest is written as without the handler.
 */
final class BadRecordCheck<T> extends DoFn<T, GenericRecord> {
  private static final long serialVersionUID = 1L;
  static final String STEP = "Check records";
  static final String CONVERT = "To Avro records";
  static final String KEY = "Generate keys";
  private static final TupleTag<GenericRecord> RECORDS = new TupleTag<GenericRecord>() {};

  private final @Nullable RowToGenericRecord convert;
  private final KeyGeneratorConfig keyGeneratorConfig;
  private final Coder<T> inputCoder;
  private final String basePath;
  private final Counter bad = Metrics.counter(BadRecordCheck.class, "badRecords");
  private final ChangeTypes changeTypes;
  private transient KeyGenerator keyGenerator;

  private BadRecordCheck(
      @Nullable RowToGenericRecord convert,
      KeyGeneratorConfig keyGeneratorConfig,
      ChangeTypes changeTypes,
      Coder<T> inputCoder,
      String basePath) {
    this.convert = convert;
    this.keyGeneratorConfig = keyGeneratorConfig;
    this.changeTypes = changeTypes;
    this.inputCoder = inputCoder;
    this.basePath = basePath;
  }

  /**
   * The input's records that can be written, as Avro records of {@code schema}; the others go to
   * {@code handler}. {@code convert} is null when the input holds GenericRecords already.
   */
  @SuppressWarnings("unchecked")
  static <T> PCollection<GenericRecord> apply(
      PCollection<T> input,
      @Nullable RowToGenericRecord convert,
      Schema schema,
      KeyGeneratorConfig keyGenerator,
      ChangeTypes changeTypes,
      String basePath,
      ErrorHandler<BadRecord, ?> handler) {
    PCollectionTuple checked =
        input.apply(
            STEP,
            ParDo.of(
                    new BadRecordCheck<>(
                        convert, keyGenerator, changeTypes, input.getCoder(), basePath))
                .withOutputTags(RECORDS, TupleTagList.of(BadRecordRouter.BAD_RECORD_TAG)));
    handler.addErrorCollection(
        checked
            .get(BadRecordRouter.BAD_RECORD_TAG)
            .setCoder(BadRecord.getCoder(input.getPipeline())));
    return checked.get(RECORDS).setCoder(AvroCoder.of(schema));
  }

  @ProcessElement
  public void process(@Element T element, MultiOutputReceiver out) throws Exception {
    GenericRecord record;
    try {
      record =
          convert == null
              ? (GenericRecord) element
              : convert.apply((org.apache.beam.sdk.values.Row) element);
    } catch (RuntimeException e) {
      route(out, element, e, CONVERT);
      return;
    }
    try {
      if (keyGenerator == null) {
        keyGenerator = KeyGenerator.of(keyGeneratorConfig);
      }
      // A change type the map lacks is refused as "Generate keys" refuses it.
      changeTypes.operationOf(record, keyGenerator.keyOf(record).recordKey());
    } catch (HudiTableException e) {
      route(out, element, e, KEY);
      return;
    }
    out.get(RECORDS).output(record);
  }

  private void route(MultiOutputReceiver out, T element, Exception e, String step)
      throws Exception {
    bad.inc();
    BadRecordRouter.RECORDING_ROUTER.route(
        out,
        element,
        inputCoder,
        e,
        String.format("HudiIO write to %s, step '%s': %s", basePath, step, e.getMessage()));
  }
}
