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
package io.hudibeam.write;

import io.hudibeam.metadata.OperationType;

/** The operation type a write operation's commits record (commit metadata's operationType). */
public final class OperationTypes {
  private OperationTypes() {}

  /** The operation type the commits of {@code operation} record. */
  public static OperationType of(WriteOperation operation) {
    return switch (operation) {
      case INSERT -> OperationType.INSERT;
      case UPSERT -> OperationType.UPSERT;
      case BULK_INSERT -> OperationType.BULK_INSERT;
      case DELETE -> OperationType.DELETE;
    };
  }
}
