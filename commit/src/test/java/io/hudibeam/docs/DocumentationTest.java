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
package io.hudibeam.docs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.Test;

/**
 * The repository's documentation keeps its shape: the README is a front door of at most 300 lines,
 * every relative link in README.md, CHANGELOG.md and docs/*.md points at a file that exists (and,
 * for a link with an anchor, at a heading or {@code <a id>} that the file has, named as GitHub
 * names headings), and session history (commit hashes, dates, "this machine", "found on the way")
 * stays in docs/benchmark.md and CHANGELOG.md.
 */
public class DocumentationTest {
  private static final Path ROOT = Paths.get("..");
  private static final Path README = ROOT.resolve("README.md");
  private static final int README_MAX_LINES = 300;

  private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern HTML_ANCHOR =
      Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"\\s*>", Pattern.CASE_INSENSITIVE);
  private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");
  private static final Pattern COMMIT_HASH =
      Pattern.compile("`(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}`");
  private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b");
  private static final List<String> SESSION_PHRASES =
      List.of("this machine", "found on the way", "as far as i can tell", "on this project's");

  /** README.md, CHANGELOG.md and every page of docs/. */
  private static List<Path> documents() throws IOException {
    List<Path> docs = new ArrayList<>(List.of(README, ROOT.resolve("CHANGELOG.md")));
    try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
      docs.addAll(
          pages.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList()));
    }
    return docs;
  }

  /** The lines of a Markdown file that are prose, not fenced code. */
  private static List<String> proseLines(Path file) {
    List<String> prose = new ArrayList<>();
    boolean fenced = false;
    for (String line : read(file).split("\n", -1)) {
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (!fenced) {
        prose.add(line);
      }
    }
    return prose;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens. */
  static String slug(String heading) {
    String text = LINK.matcher(heading).replaceAll("$1");
    StringBuilder slug = new StringBuilder();
    text.toLowerCase(Locale.ROOT)
        .codePoints()
        .forEach(
            c -> {
              if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                slug.appendCodePoint(c);
              } else if (c == ' ') {
                slug.append('-');
              }
            });
    return slug.toString();
  }

  /** Every anchor a Markdown file has: its headings' (numbered when repeated) and its a ids. */
  static Set<String> anchors(Path file) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : proseLines(file)) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String slug = slug(heading.group(1));
        int n = seen.merge(slug, 1, Integer::sum) - 1;
        anchors.add(n == 0 ? slug : slug + "-" + n);
      }
      Matcher html = HTML_ANCHOR.matcher(line);
      while (html.find()) {
        anchors.add(html.group(1));
      }
    }
    return anchors;
  }

  @Test
  public void theReadmeIsAtMost300Lines() {
    long lines = read(README).lines().count();
    assertTrue(
        "README.md has "
            + lines
            + " lines; at most "
            + README_MAX_LINES
            + " (move the rest to docs/)",
        lines <= README_MAX_LINES);
  }

  @Test
  public void everyRelativeLinkResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path doc : documents()) {
      for (String line : proseLines(doc)) {
        Matcher link = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
        while (link.find()) {
          String target = link.group(2);
          if (target.matches("^[a-z]+:.*")) {
            continue; // https:, mailto:
          }
          checked++;
          int hash = target.indexOf('#');
          String path = hash < 0 ? target : target.substring(0, hash);
          Path file = path.isEmpty() ? doc : doc.getParent().resolve(path).normalize();
          if (!Files.exists(file)) {
            broken.add(doc.getFileName() + ": " + target + " (no file " + file + ")");
          } else if (hash >= 0 && file.toString().endsWith(".md")) {
            String anchor = target.substring(hash + 1);
            if (!anchors(file).contains(anchor)) {
              broken.add(doc.getFileName() + ": " + target + " (no heading #" + anchor + ")");
            }
          }
        }
      }
    }
    assertTrue("the documentation has relative links to check", checked > 50);
    assertEquals("broken links", List.of(), broken);
  }

  @Test
  public void sessionHistoryStaysInTheBenchmarkRecordAndTheChangelog() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path doc : documents()) {
      String name = doc.getFileName().toString();
      if (name.equals("benchmark.md") || name.equals("CHANGELOG.md")) {
        continue;
      }
      int number = 0;
      for (String line : read(doc).split("\n", -1)) {
        number++;
        String prose = line.replaceAll("\\]\\([^)]*\\)", "]"); // link targets may name a dated file
        Matcher hash = COMMIT_HASH.matcher(prose);
        if (hash.find()) {
          found.add(name + ":" + number + ": commit hash " + hash.group());
        }
        Matcher date = DATE.matcher(prose);
        if (date.find()) {
          found.add(name + ":" + number + ": date " + date.group());
        }
        for (String phrase : SESSION_PHRASES) {
          if (prose.toLowerCase(Locale.ROOT).contains(phrase)) {
            found.add(name + ":" + number + ": '" + phrase + "'");
          }
        }
      }
    }
    assertEquals("history belongs in docs/benchmark.md or CHANGELOG.md, not in", List.of(), found);
  }

  @Test
  public void headingsAreNamedAsGitHubNamesThem() {
    assertEquals(
        "the-runs-of-2026-12-02-issues-9-and-11",
        slug("The runs of 2026-12-02 (issues #9 and #11)"));
    assertEquals(
        "streaming-commit-cost-the-simple-indexs-key-range-pruning",
        slug("Streaming commit cost: the SIMPLE index's key-range pruning"));
    assertEquals(
        "where-a-stream-stands-hudisinkprogress",
        slug("Where a stream stands: `HudiSinkProgress`"));
    assertEquals("write-speed-two-settings", slug("Write speed: two settings"));
  }
}
