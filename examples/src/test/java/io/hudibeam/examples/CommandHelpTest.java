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
package io.hudibeam.examples;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.Test;

/**
 * The examples explain themselves (issue #34): {@code --help} at the top and per command, the
 * command's own options with their defaults (made from the options interfaces, so they cannot go
 * stale), Beam's options behind one line; the usage text names every option of every command; a
 * wrong option prints its message and where to find the options, not the whole usage text.
 */
public class CommandHelpTest {
  private static final List<Class<? extends PipelineOptions>> COMMANDS =
      List.of(
          TripsExample.Options.class,
          IngestExample.Options.class,
          CompactExample.Options.class,
          BootstrapExample.Options.class,
          ReadExample.Options.class);

  @Test
  public void theTopLevelHelpIsTheUsageTextAndEndsWell() {
    for (String help : new String[] {"--help", "-h", "help"}) {
      ConsoleCapture c = ConsoleCapture.run(help);
      assertThat(c.exitCode, is(Main.OK));
      assertThat(c.out, containsString(Main.USAGE_TEXT));
    }
  }

  @Test
  public void aCommandsHelpListsItsOwnOptionsWithDefaultsAndPointsToBeams() {
    ConsoleCapture trips = ConsoleCapture.run("trips", "--help");
    assertThat(trips.err, trips.exitCode, is(Main.OK));
    for (CommandHelp.Option option : CommandHelp.options(TripsExample.Options.class)) {
      assertThat(trips.out, containsString(option.line()));
    }
    assertThat(trips.out, containsString("--operation=OPERATION"));
    assertThat(trips.out, containsString("(default upsert)"));
    assertThat(trips.out, containsString("--table=TABLE"));
    assertThat(trips.out, containsString("(required)"));
    assertThat(trips.out, containsString("--sinkId=SINKID"));
    assertThat(trips.out, containsString("--hoodie.<key>=<value>"));
    assertThat(trips.out, containsString("trips --help=DirectOptions"));
    assertThat(
        "Beam's options are not listed", trips.out, not(containsString("--enforceImmutability")));

    ConsoleCapture ingest = ConsoleCapture.run("ingest", "-h");
    assertThat(ingest.exitCode, is(Main.OK));
    for (String option : List.of("--tableType=", "--index=", "--buckets=", "--watchFor=")) {
      assertThat(ingest.out, containsString(option));
    }

    ConsoleCapture beam = ConsoleCapture.run("trips", "--help=DirectOptions");
    assertThat(beam.exitCode, is(Main.OK));
    assertThat(beam.out, containsString("--targetParallelism"));
    ConsoleCapture unknown = ConsoleCapture.run("trips", "--help=NoSuchOptions");
    assertThat(unknown.exitCode, is(Main.USAGE));
    assertThat(unknown.err, containsString("--help=NoSuchOptions names no options interface"));
  }

  @Test
  public void theUsageTextNamesEveryOptionOfEveryCommand() {
    List<String> missing = new ArrayList<>();
    for (Class<? extends PipelineOptions> command : COMMANDS) {
      for (CommandHelp.Option option : CommandHelp.options(command)) {
        if (!Main.USAGE_TEXT.contains("--" + option.name() + "=")) {
          missing.add(command.getName() + ": --" + option.name());
        }
      }
    }
    assertThat(missing, is(empty()));
  }

  @Test
  public void aWrongOptionPrintsItsMessageAndWhereTheOptionsAre() {
    ConsoleCapture c = ConsoleCapture.run("trips", "--table=/tmp/x", "--index=hash");
    assertThat(c.exitCode, is(Main.USAGE));
    assertThat(c.err, containsString("trips --help lists the command's options"));
    assertThat(c.err, not(containsString(Main.USAGE_TEXT)));
  }
}
