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
