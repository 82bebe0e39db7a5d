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
package io.hudibeam.sink;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.concurrency.ConcurrentWriterException;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.table.TablePaths;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * One live run per streaming sink: a run claims a free, expired or own sink; waits while another
 * run's heartbeat is fresh; is refused once it sees that run beat again; and a run that was taken
 * over fails at its next beat. The clock is fixed per step; the last beat is the file's real
 * modification time, so the steps set it explicitly.
 */
public class SinkHeartbeatTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private FileSystem fs;
  private TablePaths paths;
  private final HeartbeatSettings settings = new HeartbeatSettings(1000, 2);

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
    paths = TablePaths.of(tmp.newFolder("t").getAbsolutePath());
  }

  private SinkHeartbeat at(long nowMillis) {
    return new SinkHeartbeat(
        fs,
        paths,
        "orders/upsert",
        settings,
        Clock.fixed(Instant.ofEpochMilli(nowMillis), ZoneOffset.UTC));
  }

  private void lastBeatAt(long millis) throws IOException {
    fs.setTimes(at(0).file(), millis, -1);
  }

  @Test
  public void aFreeSinkIsClaimedAndItsOwnRunClaimsItAgain() throws IOException {
    long now = System.currentTimeMillis();
    assertThat(
        at(now).claim("run-a", Optional.empty()), instanceOf(SinkHeartbeat.Claim.Claimed.class));
    assertThat(at(now).read().get().runId(), is("run-a"));
    assertThat("the sink id is one file name", at(now).file().getName(), is("orders%2Fupsert"));
    assertThat(
        "the same job restored after a failure",
        at(now).claim("run-a", Optional.empty()),
        instanceOf(SinkHeartbeat.Claim.Claimed.class));
  }

  @Test
  public void anotherRunWaitsWhileTheHeartbeatIsFreshAndIsRefusedWhenItBeatsAgain()
      throws IOException {
    at(0).claim("run-a", Optional.empty());
    lastBeatAt(10_000);
    SinkHeartbeat.Claim first = at(10_500).claim("run-b", Optional.empty());
    assertThat(first, instanceOf(SinkHeartbeat.Claim.Wait.class));
    long seen = ((SinkHeartbeat.Claim.Wait) first).other().lastBeatMillis();
    assertThat(seen, is(10_000L));
    assertThat(
        at(11_000).claim("run-b", Optional.of(seen)), instanceOf(SinkHeartbeat.Claim.Wait.class));

    lastBeatAt(11_000); // run-a beats again: it is live
    ConcurrentWriterException refused =
        assertThrows(
            ConcurrentWriterException.class, () -> at(11_200).claim("run-b", Optional.of(seen)));
    assertThat(refused.getMessage(), containsString("streaming sink orders/upsert"));
    assertThat(refused.getMessage(), containsString("run-a"));
    assertThat(refused.getMessage(), containsString("withSinkId"));
    assertThat("run-a keeps the sink", at(11_200).read().get().runId(), is("run-a"));
  }

  @Test
  public void anotherRunTakesTheSinkOverOnceTheHeartbeatExpiredAndTheOldRunThenFails()
      throws IOException {
    at(0).claim("run-a", Optional.empty());
    lastBeatAt(10_000);
    assertThat(
        at(10_100).claim("run-b", Optional.empty()), instanceOf(SinkHeartbeat.Claim.Wait.class));
    // 2 x 1000 ms without a beat: run-a is gone.
    assertThat(
        at(12_001).claim("run-b", Optional.of(10_000L)),
        instanceOf(SinkHeartbeat.Claim.Claimed.class));
    assertThat(at(12_001).read().get().runId(), is("run-b"));
    ConcurrentWriterException takenOver =
        assertThrows(ConcurrentWriterException.class, () -> at(12_500).beatAsOwner("run-a"));
    assertThat(takenOver.getMessage(), containsString("taken over by run run-b"));
  }

  @Test
  public void aReleasedSinkIsFreeAndOnlyItsOwnerReleasesIt() {
    long now = System.currentTimeMillis();
    at(now).claim("run-a", Optional.empty());
    at(now).release("run-b");
    assertThat("not run-b's to release", at(now).read().get().runId(), is("run-a"));
    at(now).release("run-a");
    assertThat(at(now).read().isPresent(), is(false));
    assertThat(
        at(now).claim("run-b", Optional.empty()), instanceOf(SinkHeartbeat.Claim.Claimed.class));
  }
}
