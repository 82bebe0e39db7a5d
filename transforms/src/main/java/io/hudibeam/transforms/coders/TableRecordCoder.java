package io.hudibeam.transforms.coders;

import io.hudibeam.write.RecordOperation;
import io.hudibeam.write.TableRecord;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.ByteCoder;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.coders.NullableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;

/** Coder of a {@link TableRecord}: key, partition path, operation, then the data in Avro binary. */
public final class TableRecordCoder extends CustomCoder<TableRecord> {
  private static final long serialVersionUID = 1L;
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();
  private static final ByteCoder BYTE = ByteCoder.of();

  private final NullableCoder<GenericRecord> data;

  private TableRecordCoder(Schema schema) {
    this.data = NullableCoder.of(AvroCoder.of(schema));
  }

  public static TableRecordCoder of(Schema schema) {
    return new TableRecordCoder(schema);
  }

  @Override
  public void encode(TableRecord value, OutputStream out) throws IOException {
    STRING.encode(value.recordKey(), out);
    STRING.encode(value.partitionPath(), out);
    BYTE.encode((byte) value.operation().ordinal(), out);
    data.encode(value.data().orElse(null), out);
  }

  @Override
  public TableRecord decode(InputStream in) throws IOException {
    String recordKey = STRING.decode(in);
    String partitionPath = STRING.decode(in);
    RecordOperation operation = RecordOperation.values()[BYTE.decode(in)];
    GenericRecord record = data.decode(in);
    return operation == RecordOperation.DELETE
        ? TableRecord.delete(recordKey, partitionPath, record)
        : TableRecord.upsert(recordKey, partitionPath, record);
  }

  @Override
  public List<? extends Coder<?>> getCoderArguments() {
    return List.of(data);
  }

  @Override
  public void verifyDeterministic() throws NonDeterministicException {
    data.verifyDeterministic();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableRecordCoder && data.equals(((TableRecordCoder) o).data);
  }

  @Override
  public int hashCode() {
    return data.hashCode();
  }
}
