package io.hudibeam.write;

import io.hudibeam.timeline.InstantTime;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * File id prefixes for the new file groups of one instant, derived from the instant time and a
 * running count (name-based UUIDs), so that planning the same instant again — as a runner does
 * when it restarts part of a job — draws the same file ids and routes every record the same way.
 * Unique across instants because instant times are.
 */
public final class FileIdPrefixes implements Supplier<UUID> {
  private final String seed;
  private long next;

  private FileIdPrefixes(String seed) {
    this.seed = seed;
  }

  public static FileIdPrefixes of(InstantTime instant) {
    return new FileIdPrefixes(instant.value());
  }

  @Override
  public UUID get() {
    return UUID.nameUUIDFromBytes((seed + "/" + next++).getBytes(StandardCharsets.UTF_8));
  }
}
