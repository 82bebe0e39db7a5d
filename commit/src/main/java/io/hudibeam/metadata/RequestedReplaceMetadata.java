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
package io.hudibeam.metadata;

import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Content of {@code <instant>.replacecommit.requested} (Avro {@code
 * HoodieRequestedReplaceMetadata}). For insert_overwrite Hudi writes an instance whose fields are
 * all null ({@link #empty()}); a clustering instant carries a clustering plan, which is only
 * reported here ({@link #hasClusteringPlan()}), not modelled.
 *
 * @param operationType the operation, or null
 * @param extraMetadata extra metadata, or null
 * @param version the version, or null
 */
public record RequestedReplaceMetadata(
    OperationType operationType,
    boolean hasClusteringPlan,
    Map<String, String> extraMetadata,
    Integer version) {

  private static final Schema SCHEMA = AvroInstantFile.loadSchema("HoodieRequestedReplaceMetadata");

  public RequestedReplaceMetadata {
    extraMetadata = extraMetadata == null ? null : AvroInstantFile.copy(extraMetadata);
  }

  /**
   * The all-null instance Hudi's {@code HoodieActiveTimeline.createRequestedReplaceCommit} writes.
   */
  public static RequestedReplaceMetadata empty() {
    return new RequestedReplaceMetadata(null, false, null, null);
  }

  public byte[] toBytes() {
    if (hasClusteringPlan) {
      throw new InvalidMetadataException(
          "Cannot write requested replace metadata with a clustering plan: clustering plans are not modelled");
    }
    GenericRecord r = new GenericData.Record(SCHEMA);
    r.put("operationType", operationType == null ? null : operationType.format());
    r.put("clusteringPlan", null);
    r.put("extraMetadata", extraMetadata);
    r.put("version", version);
    return AvroInstantFile.write(r);
  }

  public static RequestedReplaceMetadata fromBytes(byte[] bytes) {
    return fromBytes(bytes, "requested replace metadata");
  }

  /**
   * Reads requested replace metadata; {@code what} (e.g. the instant file name) names the bytes in
   * errors.
   */
  public static RequestedReplaceMetadata fromBytes(byte[] bytes, String what) {
    GenericRecord r = AvroInstantFile.read(bytes, SCHEMA, what);
    try {
      String op = AvroInstantFile.string(r.get("operationType"));
      Object extra = r.get("extraMetadata");
      Object version = r.get("version");
      return new RequestedReplaceMetadata(
          op == null ? null : OperationType.parse(op),
          r.get("clusteringPlan") != null,
          extra == null ? null : AvroInstantFile.map(extra, AvroInstantFile::string),
          version == null ? null : ((Number) version).intValue());
    } catch (InvalidMetadataException e) {
      throw new InvalidMetadataException("Cannot read " + what + ": " + e.getMessage(), e);
    }
  }
}
