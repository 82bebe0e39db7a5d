package io.hudibeam.transforms.coders;

import io.hudibeam.files.FileId;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.write.RecordLocation;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/** Deterministic coder of a {@link RecordLocation}. */
public final class RecordLocationCoder extends AtomicCoder<RecordLocation> {
  private static final RecordLocationCoder INSTANCE = new RecordLocationCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();

  public static RecordLocationCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(RecordLocation value, OutputStream out) throws IOException {
    STRING.encode(value.partitionPath(), out);
    STRING.encode(value.fileId().value(), out);
    STRING.encode(value.baseInstant().value(), out);
  }

  @Override
  public RecordLocation decode(InputStream in) throws IOException {
    String partition = STRING.decode(in);
    FileId fileId = FileId.parse(STRING.decode(in));
    return RecordLocation.of(partition, fileId, InstantTime.parse(STRING.decode(in)));
  }

  @Override
  public void verifyDeterministic() {}
}
