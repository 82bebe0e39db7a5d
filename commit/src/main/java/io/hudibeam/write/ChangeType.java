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

/**
 * What a change event of a change stream does to its key (Beam's IcebergIO CDC sink and Debezium
 * name the same three). An insert and an update are both written as Hudi's upsert (an insert of a
 * key the table already holds replaces it, as Hudi's upsert does); a delete deletes the key.
 */
public enum ChangeType {
  INSERT,
  UPDATE,
  DELETE;

  /** What the record asks of the table (not public API: {@link ChangeTypes} uses it). */
  RecordOperation operation() {
    return this == DELETE ? RecordOperation.DELETE : RecordOperation.UPSERT;
  }
}
