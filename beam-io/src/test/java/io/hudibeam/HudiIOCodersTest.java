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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.runners.TransformHierarchy;
import org.apache.beam.sdk.testing.TestStream;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.join.UnionCoder;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PValue;
import org.apache.beam.sdk.values.Row;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Test;

/**
 * Every PCollection a write creates (main outputs, side inputs, combine inputs, shuffles) has a
 * coder the pipeline chose on purpose: none is Java serialization ({@link SerializableCoder}, also
 * nested inside another coder), and every GroupByKey's key coder is deterministic. Checked for each
 * operation and index, merge-on-read, streaming and compaction; the pipelines are only built.
 */
public class HudiIOCodersTest {
  private static final String WRITE = "Hudi";

  private static HudiIO.Write<Row> trips() {
    return HudiIO.write()
        .withBasePath("/never-written/trips")
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts");
  }

  private static Pipeline batch(HudiIO.Write<Row> write) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(TripsRows.batch(0, 0, 1)).withRowSchema(TripsRows.SCHEMA))
        .apply(WRITE, write);
    return p;
  }

  private static Pipeline streaming(HudiIO.Write<Row> write) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    TestStream<Row> events =
        TestStream.create(TripsRows.SCHEMA)
            .addElements(TripsRows.row(0, 0))
            .advanceWatermarkTo(new Instant(10_000))
            .advanceWatermarkToInfinity();
    p.apply(events).apply(WRITE, write.withTriggeringFrequency(Duration.standardSeconds(10)));
    return p;
  }

  /** A problem with the coders of the write's PCollections and shuffles, one line each. */
  private static List<String> coderProblems(Pipeline p, List<String> grouped) {
    List<String> problems = new ArrayList<>();
    p.traverseTopologically(
        new Pipeline.PipelineVisitor.Defaults() {
          @Override
          public void visitValue(PValue value, TransformHierarchy.Node producer) {
            if (value instanceof PCollection && producer.getFullName().startsWith(WRITE + "/")) {
              Coder<?> coder = ((PCollection<?>) value).getCoder();
              if (usesJavaSerialization(coder)) {
                problems.add(producer.getFullName() + ": " + coder);
              }
            }
          }

          @Override
          public void visitPrimitiveTransform(TransformHierarchy.Node node) {
            if (node.getTransform() instanceof GroupByKey
                && node.getFullName().startsWith(WRITE + "/")) {
              PCollection<?> input = (PCollection<?>) node.getInputs().values().iterator().next();
              Coder<?> key = ((KvCoder<?, ?>) input.getCoder()).getKeyCoder();
              grouped.add(node.getFullName());
              try {
                key.verifyDeterministic();
              } catch (Coder.NonDeterministicException e) {
                problems.add(node.getFullName() + " key " + key + ": " + e.getMessage());
              }
            }
          }
        });
    return problems;
  }

  private static boolean usesJavaSerialization(Coder<?> coder) {
    if (coder instanceof SerializableCoder) {
      return true;
    }
    for (Coder<?> component : coder.getCoderArguments()) {
      if (usesJavaSerialization(component)) {
        return true;
      }
    }
    return false;
  }

  private static void assertNoJavaSerialization(String what, Pipeline p) {
    List<String> grouped = new ArrayList<>();
    assertThat(what, coderProblems(p, grouped), is(empty()));
    assertThat(what + " has shuffles", grouped.size(), greaterThan(0));
  }

  @Test
  public void batchWritesOfEveryOperationAndIndex() {
    for (TableType type : TableType.values()) {
      for (WriteOperation operation : WriteOperation.values()) {
        for (IndexType index : IndexType.values()) {
          if (operation == WriteOperation.BULK_INSERT && index == IndexType.BUCKET) {
            continue; // refused at construction (HudiIOStepNamesTest)
          }
          assertNoJavaSerialization(
              type + " " + operation + " " + index,
              batch(trips().withTableType(type).withOperation(operation).withIndex(index)));
        }
      }
    }
  }

  /**
   * Every streaming write the API accepts; the combinations it refuses at construction are skipped.
   */
  @Test
  public void streamingWrites() {
    List<String> checked = new ArrayList<>();
    for (TableType type : TableType.values()) {
      for (IndexType index : IndexType.values()) {
        Pipeline p;
        try {
          p =
              streaming(
                  trips()
                      .withTableType(type)
                      .withOperation(WriteOperation.UPSERT)
                      .withIndex(index));
        } catch (IllegalArgumentException refused) {
          assertThat(
              refused.getMessage(),
              refused.getMessage().contains("not supported with withTriggeringFrequency"),
              is(true));
          continue;
        }
        assertNoJavaSerialization("streaming " + type + " " + index, p);
        checked.add(type + " " + index);
      }
    }
    assertThat(checked, hasItem("COPY_ON_WRITE SIMPLE"));
    assertThat(checked, hasItem("COPY_ON_WRITE BUCKET"));
  }

  @Test
  public void compaction() {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(WRITE, HudiIO.compact().withBasePath("/never-written/trips"));
    assertNoJavaSerialization("compaction", p);
  }

  /**
   * The shuffles the coders of this change carry: the profile combine and the bloom index's key
   * ranges.
   */
  @Test
  public void theProfileCombineAndKeyRangesAreAmongTheChecked() {
    List<String> grouped = new ArrayList<>();
    Pipeline p = batch(trips().withOperation(WriteOperation.UPSERT).withIndex(IndexType.BLOOM));
    assertThat(coderProblems(p, grouped), is(empty()));
    assertThat(
        grouped.toString(),
        grouped.stream().anyMatch(n -> n.contains("Profile workload/Profile workload")),
        is(true));
    assertThat(
        grouped.toString(),
        grouped.stream().anyMatch(n -> n.contains("Group candidates by file")),
        is(true));
    assertThat(
        grouped,
        hasItem(org.hamcrest.Matchers.containsString("Write file groups/Group by file group")));
  }

  /**
   * A stream's records wait for their interval's instant in the side-input step of "Skip committed
   * intervals" packed, as byte arrays (Beam's Flink runner keeps what a side input holds back as
   * objects and writes it at every checkpoint), and leave it with their own coder.
   */
  @Test
  public void aStreamsRecordsWaitForTheirInstantEncoded() {
    Pipeline p = streaming(trips().withOperation(WriteOperation.UPSERT));
    Map<String, Coder<?>> inputs = new TreeMap<>();
    Map<String, Coder<?>> outputs = new TreeMap<>();
    HudiIOTesting.forEachStep(
        p,
        node -> {
          if (node.getTransform() == null) {
            return;
          }
          Collection<PValue> sideInputs = node.getTransform().getAdditionalInputs().values();
          for (PValue in : node.getInputs().values()) {
            if (!sideInputs.contains(in)) {
              inputs.put(node.getFullName(), ((PCollection<?>) in).getCoder());
            }
          }
          for (PValue out : node.getOutputs().values()) {
            outputs.put(node.getFullName(), ((PCollection<?>) out).getCoder());
          }
        });
    String skip = WRITE + "/Skip committed intervals";
    assertThat(
        inputs.toString(),
        inputs.get(skip + "/Keep started intervals"),
        is((Coder<?>) ByteArrayCoder.of()));
    assertThat(outputs.toString(), outputs.get(skip), is(inputs.get(skip)));
    // The same for the wait on the interval's plan, and the writers' GroupByKey groups packs.
    String plan = WRITE + "/Wait for the plan";
    assertThat(inputs.toString(), inputs.get(plan + "/Wait"), is((Coder<?>) ByteArrayCoder.of()));
    assertThat(outputs.toString(), outputs.get(plan), is(inputs.get(plan)));
    Coder<?> grouped = inputs.get(WRITE + "/Write file groups/Group by file group");
    assertThat(
        inputs.toString(),
        grouped instanceof KvCoder
            && ((KvCoder<?, ?>) grouped).getValueCoder().equals(ByteArrayCoder.of()),
        is(true));
  }

  /**
   * A stream's BLOOM candidates (one per incoming key and candidate file) cross the GroupByKey
   * packed per bundle and file, as byte arrays, and so do the incoming records of the index join
   * (packed per bundle and key shard); a batch write groups both one key or record each.
   */
  @Test
  public void aStreamsBloomCandidatesAndJoinedRecordsAreGroupedPacked() {
    Pipeline p = streaming(trips().withOperation(WriteOperation.UPSERT).withIndex(IndexType.BLOOM));
    Map<String, Coder<?>> inputs = new TreeMap<>();
    HudiIOTesting.forEachStep(
        p,
        node -> {
          if (node.getTransform() != null && node.getTransform() instanceof GroupByKey) {
            for (PValue in : node.getInputs().values()) {
              inputs.put(node.getFullName(), ((PCollection<?>) in).getCoder());
            }
          }
        });
    String bloom = WRITE + "/Tag locations/Bloom index/";
    Coder<?> grouped = inputs.get(bloom + "Group candidate batches by file");
    assertThat(
        inputs.keySet().toString(),
        grouped instanceof KvCoder
            && ((KvCoder<?, ?>) grouped).getValueCoder().equals(ByteArrayCoder.of()),
        is(true));
    assertThat(
        inputs.keySet().toString(),
        inputs.get(bloom + "Group candidates by file"),
        is(nullValue()));
    Coder<?> joined = inputs.get(bloom + "Join key packs");
    assertThat(inputs.keySet().toString(), joined instanceof KvCoder, is(true));
    Coder<?> union = ((KvCoder<?, ?>) joined).getValueCoder();
    assertThat(
        union.toString(),
        union instanceof UnionCoder
            && ((UnionCoder) union).getElementCoders().get(0).equals(ByteArrayCoder.of()),
        is(true));
    assertThat(inputs.keySet().toString(), inputs.get(bloom + "Join keys"), is(nullValue()));
  }
}
