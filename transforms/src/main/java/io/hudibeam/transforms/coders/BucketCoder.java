package io.hudibeam.transforms.coders;

import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.write.Bucket;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/**
 * Deterministic coder of a {@link Bucket}, the key of the write shuffle: partition path, file id,
 * then the current base file when the file group exists.
 */
public final class BucketCoder extends AtomicCoder<Bucket> {
  private static final BucketCoder INSTANCE = new BucketCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();

  public static BucketCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(Bucket value, OutputStream out) throws IOException {
    STRING.encode(value.fileGroupId().partitionPath(), out);
    STRING.encode(value.fileGroupId().fileId().value(), out);
    BooleanCoder.of().encode(value.baseFile().isPresent(), out);
    if (value.baseFile().isPresent()) {
      BaseFileCoder.of().encode(value.baseFile().get(), out);
    }
  }

  @Override
  public Bucket decode(InputStream in) throws IOException {
    String partition = STRING.decode(in);
    FileId fileId = FileId.parse(STRING.decode(in));
    if (!BooleanCoder.of().decode(in)) {
      return Bucket.newFileGroup(FileGroupId.of(partition, fileId));
    }
    return Bucket.existing(BaseFileCoder.of().decode(in));
  }

  @Override
  public void verifyDeterministic() {}
}
