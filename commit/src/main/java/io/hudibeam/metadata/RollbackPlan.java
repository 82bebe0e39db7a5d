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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Content of {@code <instant>.rollback.requested} (Avro {@code HoodieRollbackPlan}): the instant to
 * roll back and the requests that undo its writes.
 */
public record RollbackPlan(
    InstantInfo instantToRollback, List<RollbackRequest> rollbackRequests, int version) {

  /** The plan version Hudi 0.14/0.15 writes. */
  public static final int LATEST_VERSION = 1;

  private static final Schema SCHEMA = AvroInstantFile.loadSchema("HoodieRollbackPlan");

  public RollbackPlan {
    Objects.requireNonNull(instantToRollback, "instantToRollback");
    rollbackRequests = List.copyOf(rollbackRequests);
  }

  public static RollbackPlan of(
      InstantInfo instantToRollback, List<RollbackRequest> rollbackRequests) {
    return new RollbackPlan(instantToRollback, rollbackRequests, LATEST_VERSION);
  }

  public byte[] toBytes() {
    GenericRecord r = new GenericData.Record(SCHEMA);
    r.put(
        "instantToRollback",
        instantToRollback.toRecord(AvroInstantFile.field(SCHEMA, "instantToRollback")));
    Schema requestSchema = AvroInstantFile.field(SCHEMA, "RollbackRequests").getElementType();
    List<GenericRecord> requests = new ArrayList<>();
    for (RollbackRequest request : rollbackRequests) {
      requests.add(request.toRecord(requestSchema));
    }
    r.put("RollbackRequests", requests);
    r.put("version", version);
    return AvroInstantFile.write(r);
  }

  public static RollbackPlan fromBytes(byte[] bytes) {
    return fromBytes(bytes, "rollback plan");
  }

  /** Reads a rollback plan; {@code what} (e.g. the instant file name) names the bytes in errors. */
  public static RollbackPlan fromBytes(byte[] bytes, String what) {
    GenericRecord r = AvroInstantFile.read(bytes, SCHEMA, what);
    try {
      Object instant = r.get("instantToRollback");
      if (instant == null) {
        throw new InvalidMetadataException("Cannot read " + what + ": instantToRollback is null");
      }
      return new RollbackPlan(
          InstantInfo.fromRecord(instant),
          AvroInstantFile.list(r.get("RollbackRequests"), RollbackRequest::fromRecord),
          AvroInstantFile.intOr(r.get("version"), LATEST_VERSION));
    } catch (NullPointerException e) {
      throw new InvalidMetadataException(
          "Cannot read " + what + ": required field " + e.getMessage() + " is null", e);
    }
  }
}
