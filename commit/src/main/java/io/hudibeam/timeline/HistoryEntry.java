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
package io.hudibeam.timeline;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * One row of the LSM timeline history (timeline layout 2): an archived instant as Hudi 1.0's {@code
 * HoodieLSMTimelineInstant} Avro record ({@code hudi-common/src/main/avro/HoodieLSMTimelineInstant
 * .avsc}), built like {@code MetadataConversionUtils.createLSMTimelineInstant}: the instant time,
 * the completion time and the action of the completed instant, its content as {@code metadata}
 * (none when the completed file is empty), the plan of the pending action as {@code plan} (clean
 * plan; replacecommit and clustering: the inflight content, else the requested one; compaction and
 * log compaction: the requested plan; none for commit, deltacommit and rollback) and version 1.
 */
public record HistoryEntry(
    InstantTime time, Action action, InstantTime completionTime, byte[] metadata, byte[] plan) {

  /** {@code LSMTimeline.LSM_TIMELINE_INSTANT_VERSION_1}. */
  public static final int VERSION = 1;

  /** Hudi 1.0's {@code HoodieLSMTimelineInstant} schema, field for field. */
  public static final Schema SCHEMA =
      new Schema.Parser()
          .parse(
              "{\"type\":\"record\",\"name\":\"HoodieLSMTimelineInstant\","
                  + "\"namespace\":\"org.apache.hudi.avro.model\",\"fields\":["
                  + "{\"name\":\"instantTime\",\"type\":[\"null\",\"string\"],\"default\":null},"
                  + "{\"name\":\"completionTime\",\"type\":[\"null\",\"string\"],\"default\":null},"
                  + "{\"name\":\"action\",\"type\":[\"null\",\"string\"],\"default\":null},"
                  + "{\"name\":\"metadata\",\"type\":[\"null\",\"bytes\"],\"default\":null},"
                  + "{\"name\":\"plan\",\"type\":[\"null\",\"bytes\"],\"default\":null},"
                  + "{\"name\":\"version\",\"type\":\"int\",\"default\":1}]}");

  public HistoryEntry {
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(completionTime, "completionTime");
    if (action.completedAction() != action) {
      throw new IllegalArgumentException(
          "The history holds completed actions, not " + action.value() + " (" + time + ")");
    }
    metadata = metadata == null || metadata.length == 0 ? null : metadata.clone();
    plan = plan == null ? null : plan.clone();
  }

  @Override
  public byte[] metadata() {
    return metadata == null ? null : metadata.clone();
  }

  @Override
  public byte[] plan() {
    return plan == null ? null : plan.clone();
  }

  public Optional<byte[]> metadataBytes() {
    return Optional.ofNullable(metadata());
  }

  public Optional<byte[]> planBytes() {
    return Optional.ofNullable(plan());
  }

  /** The Avro row written to the history's Parquet files. */
  public GenericRecord toAvro() {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("instantTime", time.value());
    r.put("completionTime", completionTime.value());
    r.put("action", action.value());
    r.put("metadata", metadata == null ? null : ByteBuffer.wrap(metadata.clone()));
    r.put("plan", plan == null ? null : ByteBuffer.wrap(plan.clone()));
    r.put("version", VERSION);
    return r;
  }

  /** Reads a row back (any reader schema with these field names). */
  public static HistoryEntry fromAvro(GenericRecord r) {
    return new HistoryEntry(
        InstantTime.parse(r.get("instantTime").toString()),
        Action.fromValue(r.get("action").toString()),
        InstantTime.parse(r.get("completionTime").toString()),
        bytes(r.get("metadata")),
        bytes(r.get("plan")));
  }

  private static byte[] bytes(Object value) {
    if (value == null) {
      return null;
    }
    ByteBuffer buffer = ((ByteBuffer) value).duplicate();
    byte[] out = new byte[buffer.remaining()];
    buffer.get(out);
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HistoryEntry e
        && time.equals(e.time)
        && action == e.action
        && completionTime.equals(e.completionTime)
        && Arrays.equals(metadata, e.metadata)
        && Arrays.equals(plan, e.plan);
  }

  @Override
  public int hashCode() {
    return Objects.hash(time, action, completionTime, Arrays.hashCode(metadata));
  }

  @Override
  public String toString() {
    return time + "__" + completionTime + "." + action.value();
  }
}
