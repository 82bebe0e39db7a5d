package io.hudibeam.transforms.coders;

import io.hudibeam.keygen.HoodieKey;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/** Deterministic coder of a {@link HoodieKey}: record key, then partition path. */
public final class HoodieKeyCoder extends AtomicCoder<HoodieKey> {
  private static final HoodieKeyCoder INSTANCE = new HoodieKeyCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();

  public static HoodieKeyCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(HoodieKey value, OutputStream out) throws IOException {
    STRING.encode(value.recordKey(), out);
    STRING.encode(value.partitionPath(), out);
  }

  @Override
  public HoodieKey decode(InputStream in) throws IOException {
    String recordKey = STRING.decode(in);
    return HoodieKey.of(recordKey, STRING.decode(in));
  }

  @Override
  public void verifyDeterministic() {}
}
