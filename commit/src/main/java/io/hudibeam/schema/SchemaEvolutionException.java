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
