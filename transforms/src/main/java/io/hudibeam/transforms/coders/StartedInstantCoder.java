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
package io.hudibeam.transforms.coders;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.table.TableConfig;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.SortedMapCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/**
 * Deterministic coder of a {@link StartedInstant}, the side input of every stage after the start:
 * instant time, action, the table config's properties (sorted), the extra metadata (sorted), the
 * write schema if decided, and the completed write instants the start saw (sorted) if known. The
 * table config is decoded through {@link TableConfig#fromProperties}, so its checksum and version
 * are checked again.
 */
public final class StartedInstantCoder extends AtomicCoder<StartedInstant> {
  private static final StartedInstantCoder INSTANCE = new StartedInstantCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();
  private static final SortedMapCoder<String, String> PROPERTIES =
      SortedMapCoder.of(STRING, STRING);
  private static final ListCoder<String> STRINGS = ListCoder.of(STRING);

  public static StartedInstantCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(StartedInstant value, OutputStream out) throws IOException {
    STRING.encode(value.instantTime().value(), out);
    STRING.encode(value.action().value(), out);
    PROPERTIES.encode(value.tableConfig().asMap(), out);
    PROPERTIES.encode(value.extraMetadata(), out);
    BooleanCoder.of().encode(value.writeSchema().isPresent(), out);
    if (value.writeSchema().isPresent()) {
      STRING.encode(value.writeSchema().get(), out);
    }
    Optional<Set<InstantTime>> completed = value.completedWritesAtStart();
    BooleanCoder.of().encode(completed.isPresent(), out);
    if (completed.isPresent()) {
      List<String> times = new ArrayList<>(completed.get().size());
      completed.get().stream().sorted().forEach(t -> times.add(t.value()));
      STRINGS.encode(times, out);
    }
  }

  @Override
  public StartedInstant decode(InputStream in) throws IOException {
    InstantTime time = InstantTime.parse(STRING.decode(in));
    Action action = Action.fromValue(STRING.decode(in));
    TableConfig config =
        TableConfig.fromProperties(
            PROPERTIES.decode(in), "the table config of started instant " + time);
    SortedMap<String, String> extraMetadata = PROPERTIES.decode(in);
    Optional<String> writeSchema =
        BooleanCoder.of().decode(in) ? Optional.of(STRING.decode(in)) : Optional.empty();
    Optional<Set<InstantTime>> completed = Optional.empty();
    if (BooleanCoder.of().decode(in)) {
      Set<InstantTime> times = new java.util.TreeSet<>();
      STRINGS.decode(in).forEach(t -> times.add(InstantTime.parse(t)));
      completed = Optional.of(times);
    }
    return new StartedInstant(time, action, config, extraMetadata, writeSchema, completed);
  }

  @Override
  public void verifyDeterministic() {}
}
