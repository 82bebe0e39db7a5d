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
package io.hudibeam.examples;

/** The file formats the ingest command reads. */
public enum InputFormat {
  /** One JSON object per line; the schema is inferred from the first lines or given. */
  JSON,
  /** Comma-separated values with a header line naming the columns; RFC 4180 quoting on one line. */
  CSV,
  /** Avro container files; the schema is the first file's. */
  AVRO,
  /** Parquet files; the schema is the first file's. */
  PARQUET
}
