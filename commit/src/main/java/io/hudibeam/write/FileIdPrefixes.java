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
package io.hudibeam.write;

import io.hudibeam.timeline.InstantTime;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * File id prefixes for the new file groups of one instant, derived from the instant time and a
 * running count (name-based UUIDs), so that planning the same instant again — as a runner does when
 * it restarts part of a job — draws the same file ids and routes every record the same way. Unique
 * across instants because instant times are.
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
