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
package io.hudibeam.schema;

import io.hudibeam.table.HudiTableException;
import java.util.List;

/**
 * A write's schema is not compatible with the table's schema. Thrown before the write starts an
 * instant, so the table is left as it was. {@link #problems()} names every offending field.
 */
public final class SchemaEvolutionException extends HudiTableException {
  private static final long serialVersionUID = 1L;
  private final List<String> problems;

  SchemaEvolutionException(String table, List<String> problems) {
    super(
        "Refused the write to the Hudi table at "
            + table
            + ": its schema is not compatible with the table's schema, so nothing was written and no"
            + " instant was started.\n - "
            + String.join("\n - ", problems));
    this.problems = List.copyOf(problems);
  }

  /** One sentence per offending field: the field, its table type, its incoming type, the remedy. */
  public List<String> problems() {
    return problems;
  }
}
