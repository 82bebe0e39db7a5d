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
package io.hudibeam.files;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.timeline.InstantTime;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.junit.Test;

/**
 * The hand-written checks of file ids, write tokens, instant times and base file names accept
 * exactly what the regular expressions of the format notes accept.
 */
public class ParseFormsTest {
  private static final List<String> SAMPLES =
      List.of(
          "",
          "-",
          "-5",
          "a-",
          "a-5",
          "a--5",
          "a-5-",
          "a-5x",
          "a_b-1",
          "a.b-1",
          "a/b-1",
          "a-0",
          "1ef3941a-84d5-41d3-9733-fc0c2167412b-6",
          "1-2",
          "1-2-3",
          "1-2-3-4",
          "01-002-3",
          "1--3",
          "-1-2",
          "1-2-",
          "12345678901234",
          "20261129114517514",
          "2026112911451751",
          "202611291145175140",
          "2026112911451751x",
          "\uff11-2-3",
          "a-\u0665",
          "1ef3941a-0_1-2-3_20261129114517514.parquet",
          "1ef3941a-0_1-2-3_12345678901234.parquet",
          "1ef3941a-0_1-2-3_2026112911451751.parquet",
          "_1-2-3_20261129114517514.parquet",
          "a-0__20261129114517514.parquet",
          "a-0_1-2-3_.parquet",
          "a-0_1-2-3_20261129114517514_.parquet",
          "a-0_1-2-3_20261129114517514.parquet.crc",
          "a.b-0_1-2-3_20261129114517514.parquet",
          "a-0_1-2-3_20261129114517514parquet",
          "a-0_1-2-3_20261129114517514..parquet",
          "a-0_1-2-3-4_20261129114517514.parquet",
          "a-0_1_2-3_20261129114517514.parquet");

  private static boolean accepts(Consumer<String> parse, String value) {
    try {
      parse.accept(value);
      return true;
    } catch (HudiTableException e) {
      return false;
    }
  }

  private static void sameAsRegex(String regex, Consumer<String> parse) {
    Pattern pattern = Pattern.compile(regex);
    for (String sample : SAMPLES) {
      assertThat(
          regex + " on '" + sample + "'",
          accepts(parse, sample),
          is(pattern.matcher(sample).matches()));
    }
  }

  @Test
  public void fileIds() {
    sameAsRegex("^[^_./]+-\\d+$", FileId::parse);
  }

  @Test
  public void writeTokens() {
    sameAsRegex("^(\\d+)-(\\d+)-(\\d+)$", WriteToken::parse);
  }

  @Test
  public void instantTimes() {
    sameAsRegex("\\d{14}|\\d{17}", InstantTime::parse);
  }

  @Test
  public void baseFileNames() {
    Pattern form = Pattern.compile("^([^_]+)_([^_]+)_(\\d+)\\.parquet$");
    for (String sample : SAMPLES) {
      java.util.regex.Matcher m = form.matcher(sample);
      boolean expected =
          m.matches()
              && Pattern.matches("^[^_./]+-\\d+$", m.group(1))
              && Pattern.matches("^(\\d+)-(\\d+)-(\\d+)$", m.group(2))
              && Pattern.matches("\\d{14}|\\d{17}", m.group(3));
      assertThat("'" + sample + "'", BaseFileName.tryParse(sample).isPresent(), is(expected));
    }
  }
}
