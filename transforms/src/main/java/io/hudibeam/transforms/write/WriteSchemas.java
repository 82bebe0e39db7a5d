package io.hudibeam.transforms.write;

import io.hudibeam.commit.TableSchemas;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.WriteOperation;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileSystem;

/**
 * The schema base files are written with. Deletes may carry only keys, so a delete rewrites file
 * groups with the table's current schema; every other operation writes the input's schema.
 */
public final class WriteSchemas {
  private WriteSchemas() {}

  public static Schema of(WriteSpec spec, FileSystem fs) {
    if (spec.operation() != WriteOperation.DELETE) {
      return spec.schema();
    }
    return TableSchemas.latest(fs, spec.paths())
        .map(json -> new Schema.Parser().parse(json))
        .orElse(spec.schema());
  }
}
