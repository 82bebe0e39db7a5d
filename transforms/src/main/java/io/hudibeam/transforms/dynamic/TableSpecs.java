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
package io.hudibeam.transforms.dynamic;

import io.hudibeam.transforms.WriteSpec;
import java.io.Serializable;
import org.apache.avro.Schema;

/**
 * The write of each table of a write of many tables, decided when a table's records first arrive:
 * from the table's destination and its records' Avro schema. Called in the workers; the same
 * arguments must give the same spec.
 */
public interface TableSpecs extends Serializable {
  /** The write of {@code destination}'s records of {@code schema}. */
  WriteSpec of(String destination, Schema schema);
}
