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
package io.hudibeam.commit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.Test;

/**
 * The started instant carries the write schema decided at the start and the snapshot its start saw;
 * equal instants are equal whatever order their maps and sets were filled in. (The pipeline moves
 * it with {@code io.hudibeam.transforms.coders.StartedInstantCoder}, tested in transforms.)
 */
public class StartedInstantTest {
  private static final TableConfig TABLE =
      TableConfig.newTable("t", TableType.COPY_ON_WRITE).recordKeyFields(List.of("id")).build();
  private static final InstantTime T0 = InstantTime.parse("20240101000000000");
  private static final InstantTime T1 = InstantTime.parse("20240102000000000");

  @Test
  public void theWriteSchemaIsCarried() {
    StartedInstant plain =
        new StartedInstant(InstantTime.parse("20240103000000000"), Action.COMMIT, TABLE);
    String schema =
        "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"id\",\"type\":\"string\"}]}";
    StartedInstant withSchema = plain.withWriteSchema(schema);
    assertThat(plain.writeSchema(), is(Optional.empty()));
    assertThat(withSchema.writeSchema(), is(Optional.of(schema)));
    assertThat(withSchema, not(plain));
    assertThat(withSchema.instantTime(), is(plain.instantTime()));
    assertThat(withSchema.tableConfig(), is(TABLE));
  }

  @Test
  public void theStartSnapshotIsSortedAndUnknownDiffersFromEmpty() {
    StartedInstant plain =
        new StartedInstant(InstantTime.parse("20240103000000000"), Action.COMMIT, TABLE);
    assertThat(plain.completedWritesAtStart(), is(Optional.empty()));
    assertThat(plain.withCompletedWritesAtStart(Set.of()), not(plain));
    StartedInstant seen = plain.withCompletedWritesAtStart(new HashSet<>(List.of(T1, T0)));
    assertThat(List.copyOf(seen.completedWritesAtStart().orElseThrow()), is(List.of(T0, T1)));
    assertThat(seen, is(plain.withCompletedWritesAtStart(Set.of(T0, T1))));
    assertThat(seen.hashCode(), is(plain.withCompletedWritesAtStart(Set.of(T0, T1)).hashCode()));
  }

  @Test
  public void extraMetadataIsSortedAndEqualWhateverItsOrder() {
    StartedInstant one = new StartedInstant(T0, Action.COMMIT, TABLE, Map.of("b", "2", "a", "1"));
    StartedInstant other =
        new StartedInstant(
            T0, Action.COMMIT, TABLE, new java.util.TreeMap<>(Map.of("a", "1", "b", "2")));
    assertThat(List.copyOf(one.extraMetadata().keySet()), is(List.of("a", "b")));
    assertThat(one, is(other));
  }
}
