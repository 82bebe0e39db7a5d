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
package io.hudibeam.concurrency;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;

import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.s3.S3Server;
import io.hudibeam.timeline.InstantTime;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * Commit intents on S3 through S3A (S3Proxy in the test JVM): of two writers that each announce and
 * then list, the one that lists second sees the other; a withdrawn intent and one whose instant's
 * heartbeat is gone or expired are not seen.
 */
public class CommitIntentsTest {
  @ClassRule public static final S3Server S3 = new S3Server();

  /**
   * Hadoop caches a file system per scheme and bucket, not per endpoint: instances of another test
   * class's server (gone) must not be used here, nor this class's by the next one.
   */
  @BeforeClass
  @AfterClass
  public static void forgetCachedFileSystems() throws Exception {
    FileSystem.closeAll();
  }

  private static final InstantTime A = InstantTime.parse("20261207020000000");
  private static final InstantTime B = InstantTime.parse("20261207020000001");
  private static final InstantTime C = InstantTime.parse("20261207020000002");

  private static FileSystem s3() throws Exception {
    Configuration conf = new Configuration();
    S3.hadoopSettings().forEach(conf::set);
    return FileSystem.get(URI.create("s3a://" + S3Server.BUCKET + "/"), conf);
  }

  @Test
  public void theWriterThatListsSecondSeesTheOther() throws Exception {
    FileSystem fs = s3();
    TablePaths paths = TablePaths.of("s3a://" + S3Server.BUCKET + "/intents-" + System.nanoTime());
    Heartbeats heartbeats =
        new Heartbeats(fs, paths, HeartbeatSettings.defaults(), Clock.systemUTC());
    CommitIntents intents = new CommitIntents(fs, paths, heartbeats);
    heartbeats.beat(A);
    heartbeats.beat(B);

    assertThat(intents.announce(A), is(empty()));
    assertThat(intents.announce(B), is(List.of(A)));
    intents.withdraw(B);
    intents.withdraw(A);
    assertThat(fs.exists(intents.file(A)) || fs.exists(intents.file(B)), is(false));
    assertThat(intents.announce(B), is(empty()));

    // A dead writer's intent: no heartbeat, or an expired one (a clock 10 minutes ahead).
    heartbeats.delete(A);
    fs.create(intents.file(A), true).close();
    assertThat(intents.announce(C), is(List.of(B)));
    assertThat("the dead writer's intent is deleted", fs.exists(intents.file(A)), is(false));
    Heartbeats later =
        new Heartbeats(
            fs,
            paths,
            HeartbeatSettings.defaults(),
            Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10)));
    assertThat(new CommitIntents(fs, paths, later).announce(C), is(empty()));
  }
}
