package io.hudibeam.transforms.write;

import io.hudibeam.files.WriteToken;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Write tokens for Beam workers. Beam exposes no task or attempt number, so each bundle draws its
 * own random token: two attempts at the same file group never write the same file name, and the
 * commit step deletes the files of the attempts it was not told about.
 */
public final class WriteTokens {
  private WriteTokens() {}

  public static WriteToken newToken() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return WriteToken.of(random.nextInt(1 << 20), random.nextInt(1 << 20), random.nextInt(1 << 30));
  }
}
