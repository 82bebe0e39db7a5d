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
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.settings.HudiSettings;
import io.hudibeam.settings.Setting;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.junit.Test;

/** What HudiIO.write() refuses while the pipeline is built, with the messages users see. */
public class HudiIOValidationTest {
  private static final String BASE = "/tmp/never-written";

  static PCollection<Row> trips() {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    return p.apply(Create.of(TripsRows.row(0, 0)).withRowSchema(TripsRows.SCHEMA));
  }

  static HudiIO.Write<Row> valid() {
    return HudiIO.write()
        .withBasePath(BASE)
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts");
  }

  private static String refusal(HudiIO.Write<Row> write) {
    return assertThrows(IllegalArgumentException.class, () -> trips().apply(write)).getMessage();
  }

  /** The write the refusals start from builds (HudiIOSettingsTest adds one bad value to it). */
  @Test
  public void theValidWriteBuilds() {
    trips().apply(valid());
  }

  @Test
  public void requiredSettingsAreNamed() {
    assertThat(
        refusal(HudiIO.write().withTableName("trips").withRecordKeyFields("uuid")),
        is("withBasePath() is required"));
    assertThat(
        refusal(HudiIO.write().withBasePath(BASE).withRecordKeyFields("uuid")),
        is("withTableName() (hoodie.table.name) is required"));
    assertThat(
        refusal(HudiIO.write().withBasePath(BASE).withTableName("trips")),
        is("withRecordKeyFields() (hoodie.datasource.write.recordkey.field) is required"));
    assertThat(
        assertThrows(IllegalArgumentException.class, () -> HudiIO.write().withRecordKeyFields())
            .getMessage(),
        is("withRecordKeyFields needs at least one non-empty field name, but got []"));
    assertThat(
        assertThrows(IllegalArgumentException.class, () -> HudiIO.write().withBasePath(""))
            .getMessage(),
        is("withBasePath must not be null or empty"));
    assertThat(
        assertThrows(
                IllegalArgumentException.class,
                () -> HudiIO.write().withHoodieProperties(Map.of("fs.s3a.endpoint", "x")))
            .getMessage(),
        is(
            "withHoodieProperties takes Hudi's hoodie.* keys, but got 'fs.s3a.endpoint'; pass Hadoop"
                + " settings to withHadoopConfiguration"));
  }

  @Test
  public void archivalSettingsAreCheckedAsHudiDoes() {
    assertThat(
        refusal(valid().withHoodieProperties(Map.of("hoodie.keep.min.commits", "10"))),
        is(
            "Increase hoodie.keep.min.commits=10 to be greater than hoodie.cleaner.commits.retained=10."
                + " Otherwise, there is risk of incremental pull missing data from few instants."));
    assertThat(
        refusal(
            valid()
                .withHoodieProperties(
                    Map.of("hoodie.keep.min.commits", "25", "hoodie.keep.max.commits", "25"))),
        is("Increase hoodie.keep.max.commits=25 to be greater than hoodie.keep.min.commits=25"));
    assertThat(
        refusal(valid().withHoodieProperties(Map.of("hoodie.archive.automatic", "sometimes"))),
        is("hoodie.archive.automatic must be true or false, but was 'sometimes'"));
  }

  @Test
  public void fieldsMustBeInTheSchema() {
    String fields = "[uuid, ts, rider, driver, fare, begin_lat, begin_lon, end_lat, end_lon, city]";
    assertThat(
        refusal(valid().withRecordKeyFields("id")),
        is(
            "hoodie.datasource.write.recordkey.field names field 'id', which is not in the input"
                + " schema; its fields are "
                + fields));
    assertThat(
        refusal(valid().withPartitionFields("region")),
        is(
            "hoodie.datasource.write.partitionpath.field names field 'region', which is not in the"
                + " input schema; its fields are "
                + fields));
    assertThat(
        refusal(valid().withOrderingField("updated_at")),
        is(
            "hoodie.datasource.write.precombine.field names field 'updated_at', which is not in the"
                + " input schema; its fields are "
                + fields));
    assertThat(
        refusal(valid().withRecordKeyFields("rider.name")),
        is(
            "hoodie.datasource.write.recordkey.field names field 'rider.name', which is not in the"
                + " input schema; its fields are "
                + fields));
  }

  @Test
  public void unsupportedTableTypeAndCombinationsAreRefused() {
    // MERGE_ON_READ is written; inline compaction needs it, and a positive delta commit count.
    WriteSettings.of(BASE, valid().withTableType(TableType.MERGE_ON_READ).getHoodieProperties());
    assertThat(
        refusal(valid().withHoodieProperties(Map.of("hoodie.compact.inline", "true"))),
        is(
            "hoodie.compact.inline=true needs withTableType(MERGE_ON_READ); a COPY_ON_WRITE table has no"
                + " log files to compact"));
    assertThat(
        refusal(
            valid()
                .withTableType(TableType.MERGE_ON_READ)
                .withHoodieProperties(Map.of("hoodie.compact.inline.max.delta.commits", "0"))),
        is("hoodie.compact.inline.max.delta.commits must be a whole number >= 1, but was '0'"));
    assertThat(
        refusal(valid().withIndex(IndexType.BUCKET).withOperation(WriteOperation.BULK_INSERT)),
        is(
            "withOperation(BULK_INSERT) is not supported with withIndex(BUCKET); use INSERT or UPSERT"));
    assertThat(
        assertThrows(IllegalArgumentException.class, () -> valid().withBucketCount(0)).getMessage(),
        is(
            "withBucketCount: hoodie.bucket.index.num.buckets must be a whole number >= 1, but was '0'"));
  }

  @Test
  public void mergeMemorySettingsAreCheckedWhenThePipelineIsBuilt() {
    assertThat(
        refusal(valid().withHoodieProperties(Map.of("hoodie.memory.merge.max.size", "1g"))),
        is("hoodie.memory.merge.max.size must be a whole number >= 0, but was '1g'"));
    assertThat(
        refusal(valid().withHoodieProperties(Map.of("hoodie.memory.merge.fraction", "1.5"))),
        is("hoodie.memory.merge.fraction must be a number in (0, 1], but was '1.5'"));
  }

  @Test
  public void displayDataShowsTheBasePathAndTheEffectiveSettings() {
    HudiIO.Write<Row> write =
        valid()
            .withOperation(WriteOperation.BULK_INSERT)
            .withIndex(IndexType.GLOBAL_SIMPLE)
            .withMaxFileSize(1024)
            .withHoodieProperties(Map.of("hoodie.metadata.enable", "false"));
    Map<String, String> items = new TreeMap<>();
    for (DisplayData.Item item : DisplayData.from(write).items()) {
      items.put(item.getKey(), String.valueOf(item.getValue()));
    }
    Map<String, String> expected = new TreeMap<>();
    for (Setting<?> setting : HudiSettings.ALL) {
      expected.put(setting.key(), setting.defaultDoc()); // unset: the documented default
    }
    expected.put("basePath", BASE);
    expected.put("hoodie.table.name", "trips");
    expected.put("hoodie.datasource.write.recordkey.field", "uuid");
    expected.put("hoodie.datasource.write.partitionpath.field", "city");
    expected.put("hoodie.datasource.write.precombine.field", "ts");
    expected.put("hoodie.datasource.write.operation", "bulk_insert");
    expected.put("hoodie.index.type", "GLOBAL_SIMPLE");
    expected.put("hoodie.parquet.max.file.size", "1024");
    expected.put("hoodie.metadata.enable", "false"); // accepted without effect: shown as given
    assertThat(items, is(expected));
    assertThat(items.get("hoodie.cleaner.policy"), is("KEEP_LATEST_COMMITS"));
    assertThat(items.get("hoodie.parquet.small.file.limit"), is("100 MiB"));
  }

  /**
   * A hoodie.* key HudiIO does not apply is refused, naming the closest known key; keys that tune
   * other engines are accepted without effect and shown in the display data.
   */
  @Test
  public void anUnknownKeyIsRefusedNamingTheClosestKeyAndIgnoredKeysAreAccepted() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                WriteSettings.checkUnknownKeys(
                    Map.of(
                        "hoodie.parquet.max.filesize", "1024",
                        "hoodie.datasource.hive_sync.enable", "true")));
    assertThat(
        e.getMessage(),
        is(
            "HudiIO does not apply the setting hoodie.datasource.hive_sync.enable=true; remove it, or see"
                + " docs/configuration.md for the settings HudiIO applies and those it accepts"
                + " without effect; HudiIO does not apply the setting hoodie.parquet.max.filesize=1024"
                + " (did you mean hoodie.parquet.max.file.size?); remove it, or see"
                + " docs/configuration.md for the settings HudiIO applies and those it accepts"
                + " without effect"));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            trips().apply(valid().withHoodieProperties(Map.of("hoodie.metadata.enable", "true"))));

    Map<String, String> ignored =
        Map.of("hoodie.upsert.shuffle.parallelism", "200", "hoodie.metadata.enable", "false");
    HudiIO.Write<Row> write = valid().withHoodieProperties(ignored);
    trips().apply(write); // builds
    List<String> shown = new ArrayList<>();
    for (DisplayData.Item item : DisplayData.from(write).items()) {
      if (item.getKey().equals("hoodie.upsert.shuffle.parallelism")) {
        shown.add(String.valueOf(item.getValue()));
      }
    }
    assertThat(shown, is(List.of("200")));
  }
}
