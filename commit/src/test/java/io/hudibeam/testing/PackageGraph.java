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
package io.hudibeam.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The package graph of one module's main sources: which {@code io.hudibeam} package uses which
 * (imports and fully qualified names in code, not in comments or strings), the cycles among them,
 * and the edges that break the rule each package's {@code package-info.java} states.
 *
 * <p>A package's rule is the sentence of its package-info javadoc that starts with "May depend on"
 * (or "Depends only on"): the packages named in it as {@code {@code io.hudibeam.x}} or {@code
 * {@code x}} (short for {@code io.hudibeam.x}) are the packages of the same module it may use;
 * "depends on nothing else" allows none, "every other package" allows all. The sentence ends at its
 * full stop or at a semicolon. Packages of other modules are not checked here: the Maven module
 * graph already decides which module may use which.
 *
 * <p>{@code LayersTest} of each module asserts that its graph has no cycle, no package without a
 * rule and no edge against a rule. Anyone can print the graph of a tree, before or after a change,
 * with the JDK alone, from the repository root:
 *
 * <pre>
 * java commit/src/test/java/io/hudibeam/testing/PackageGraph.java [module ...]
 * </pre>
 *
 * (default: {@code commit transforms beam-io examples}).
 */
public final class PackageGraph {

  private static final String ROOT = "io.hudibeam";
  private static final String ANY = "*";
  private static final Pattern REFERENCE =
      Pattern.compile("\\bio\\.hudibeam((?:\\.[a-z][a-z0-9_]*)*)\\.([A-Z][A-Za-z0-9_]*)");
  private static final Pattern CODE_TOKEN = Pattern.compile("\\{@code\\s+([^}]*)}");
  private static final Pattern PACKAGE_NAME =
      Pattern.compile("[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*");

  /** One package's use of another: the class that uses and the type it uses. */
  public record Use(String fromClass, String toType) {
    @Override
    public String toString() {
      return fromClass + " -> " + toType;
    }
  }

  /** An edge of the graph: every use of package {@code to} by classes of package {@code from}. */
  public record Edge(String from, String to, List<Use> uses) {
    @Override
    public String toString() {
      return shortName(from) + " -> " + shortName(to) + " (" + uses.size() + ")";
    }
  }

  private final Set<String> packages;
  private final Map<String, Map<String, List<Use>>> edges;
  private final Map<String, Optional<Set<String>>> rules;

  private PackageGraph(
      Set<String> packages,
      Map<String, Map<String, List<Use>>> edges,
      Map<String, Optional<Set<String>>> rules) {
    this.packages = packages;
    this.edges = edges;
    this.rules = rules;
  }

  /** Reads the {@code .java} files under a source root such as {@code commit/src/main/java}. */
  public static PackageGraph of(Path sourceRoot) {
    Set<String> packages = new TreeSet<>();
    Map<String, Map<String, Set<Use>>> uses = new TreeMap<>();
    Map<String, String> packageInfos = new TreeMap<>();
    for (Path file : javaFiles(sourceRoot)) {
      String pkg = sourceRoot.relativize(file.getParent()).toString().replace('/', '.');
      packages.add(pkg);
      String source = read(file);
      String name = file.getFileName().toString().replace(".java", "");
      if (name.equals("package-info")) {
        packageInfos.put(pkg, source);
      }
      Matcher m = REFERENCE.matcher(codeOnly(source));
      while (m.find()) {
        String target = ROOT + m.group(1);
        if (!target.equals(pkg)) {
          uses.computeIfAbsent(pkg, p -> new TreeMap<>())
              .computeIfAbsent(target, t -> new java.util.LinkedHashSet<>())
              .add(new Use(name, shortName(target) + "." + m.group(2)));
        }
      }
    }
    Map<String, Map<String, List<Use>>> edges = new TreeMap<>();
    uses.forEach(
        (from, targets) ->
            targets.forEach(
                (to, set) -> {
                  if (packages.contains(to)) {
                    edges.computeIfAbsent(from, f -> new TreeMap<>()).put(to, List.copyOf(set));
                  }
                }));
    Map<String, Optional<Set<String>>> rules = new TreeMap<>();
    for (String pkg : packages) {
      String info = packageInfos.get(pkg);
      rules.put(pkg, info == null ? Optional.empty() : ruleOf(info));
    }
    return new PackageGraph(packages, edges, rules);
  }

  /** The module's packages that hold Java files. */
  public Set<String> packages() {
    return packages;
  }

  /** Every edge between two packages of the module, sorted. */
  public List<Edge> edges() {
    List<Edge> all = new ArrayList<>();
    edges.forEach((from, targets) -> targets.forEach((to, u) -> all.add(new Edge(from, to, u))));
    return all;
  }

  /** The packages a package may use, by its package-info; empty when it states no rule. */
  public Optional<Set<String>> rule(String pkg) {
    return rules.getOrDefault(pkg, Optional.empty());
  }

  /** Packages whose package-info is missing or states no "May depend on" sentence. */
  public List<String> packagesWithoutRule() {
    return rules.entrySet().stream()
        .filter(e -> e.getValue().isEmpty())
        .map(Map.Entry::getKey)
        .collect(Collectors.toList());
  }

  /** The edges to a package of the module that the source package's rule does not allow. */
  public List<Edge> ruleBreaks() {
    return edges().stream()
        .filter(
            e -> rule(e.from()).map(ok -> !ok.contains(ANY) && !ok.contains(e.to())).orElse(false))
        .collect(Collectors.toList());
  }

  /** Pairs of packages that use each other, each as "a <-> b" with a before b. */
  public List<String> mutualPairs() {
    return edges().stream()
        .filter(e -> e.from().compareTo(e.to()) < 0 && uses(e.to(), e.from()))
        .map(e -> shortName(e.from()) + " <-> " + shortName(e.to()))
        .collect(Collectors.toList());
  }

  /** The cycles: each set of two or more packages that all reach each other (Tarjan's SCCs). */
  public List<Set<String>> cycles() {
    List<Set<String>> found = new Components().find();
    found.sort(java.util.Comparator.comparing(c -> c.iterator().next()));
    return found;
  }

  private boolean uses(String from, String to) {
    return edges.getOrDefault(from, Map.of()).containsKey(to);
  }

  /**
   * What breaks the layering, one line each: every cycle, every edge against a rule (with the uses
   * that make it) and every package without a rule. Empty when the module keeps its rules.
   */
  public List<String> problems() {
    List<String> problems = new ArrayList<>();
    for (Set<String> cycle : cycles()) {
      problems.add(
          "cycle: "
              + cycle.stream().map(PackageGraph::shortName).collect(Collectors.joining(", ")));
    }
    for (Edge e : ruleBreaks()) {
      problems.add("against the rule of " + shortName(e.from()) + ": " + e + " " + e.uses());
    }
    for (String pkg : packagesWithoutRule()) {
      problems.add(
          "no rule (a \"May depend on\" sentence in package-info.java): " + shortName(pkg));
    }
    return problems;
  }

  /** A readable report: counts, edges, cycles, rule breaks with the uses that make them. */
  public String report(String module) {
    StringBuilder out = new StringBuilder();
    List<Edge> breaks = ruleBreaks();
    out.append(
        String.format(
            "module %s: %d packages, %d edges, %d cycles (%d mutual pairs), %d edges against a"
                + " package-info rule, %d packages without a rule%n",
            module,
            packages.size(),
            edges().size(),
            cycles().size(),
            mutualPairs().size(),
            breaks.size(),
            packagesWithoutRule().size()));
    for (String pkg : packages) {
      String targets =
          edges.getOrDefault(pkg, Map.of()).entrySet().stream()
              .map(e -> shortName(e.getKey()) + " " + e.getValue().size())
              .collect(Collectors.joining(", "));
      out.append(String.format("  %-22s -> %s%n", shortName(pkg), targets));
    }
    for (Set<String> cycle : cycles()) {
      out.append("  cycle: ")
          .append(cycle.stream().map(PackageGraph::shortName).collect(Collectors.joining(", ")))
          .append(System.lineSeparator());
    }
    for (String pair : mutualPairs()) {
      out.append("  mutual: ").append(pair).append(System.lineSeparator());
    }
    for (Edge e : breaks) {
      out.append("  against the rule of ").append(shortName(e.from())).append(": ");
      out.append(e).append(" ").append(e.uses()).append(System.lineSeparator());
    }
    for (String pkg : packagesWithoutRule()) {
      out.append("  no rule: ").append(shortName(pkg)).append(System.lineSeparator());
    }
    return out.toString();
  }

  /** Prints the report of each module named (default: every module with main Java sources). */
  public static void main(String[] args) {
    List<String> modules =
        args.length > 0 ? List.of(args) : List.of("commit", "transforms", "beam-io", "examples");
    for (String module : modules) {
      Path root = Path.of(module, "src", "main", "java");
      if (!Files.isDirectory(root)) {
        throw new IllegalArgumentException("no main sources at " + root.toAbsolutePath());
      }
      System.out.print(of(root).report(module));
    }
  }

  /**
   * The package name without the {@code io.hudibeam.} prefix ({@code io.hudibeam} itself stays).
   */
  public static String shortName(String pkg) {
    return pkg.startsWith(ROOT + ".") ? pkg.substring(ROOT.length() + 1) : pkg;
  }

  /** The rule sentence of a package-info source, as the set of packages it allows. */
  static Optional<Set<String>> ruleOf(String packageInfo) {
    String text = javadocText(packageInfo);
    Matcher start =
        Pattern.compile("(?i)(may depend on|depends only on|depends on nothing)").matcher(text);
    if (!start.find()) {
      return Optional.empty();
    }
    String sentence = sentenceFrom(text, start.start());
    Set<String> allowed = new TreeSet<>();
    if (sentence.contains("every other package")) {
      allowed.add(ANY);
    }
    Matcher code = CODE_TOKEN.matcher(sentence);
    while (code.find()) {
      String name = code.group(1).trim();
      if (PACKAGE_NAME.matcher(name).matches()) {
        allowed.add(name.equals(ROOT) || name.startsWith(ROOT + ".") ? name : ROOT + "." + name);
      }
    }
    return Optional.of(allowed);
  }

  private static String sentenceFrom(String text, int from) {
    int depth = 0;
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
      } else if (depth == 0
          && (c == ';'
              || (c == '.'
                  && (i + 1 == text.length() || Character.isWhitespace(text.charAt(i + 1)))))) {
        return text.substring(from, i);
      }
    }
    return text.substring(from);
  }

  private static String javadocText(String source) {
    int open = source.indexOf("/**");
    int close = open < 0 ? -1 : source.indexOf("*/", open);
    if (close < 0) {
      return "";
    }
    return Stream.of(source.substring(open + 3, close).split("\n"))
        .map(line -> line.strip().replaceFirst("^\\*\\s?", ""))
        .collect(Collectors.joining(" "));
  }

  /** The source with comments, string literals, text blocks and char literals blanked out. */
  static String codeOnly(String source) {
    StringBuilder out = new StringBuilder(source.length());
    int i = 0;
    int n = source.length();
    while (i < n) {
      char c = source.charAt(i);
      if (source.startsWith("//", i)) {
        i = skipTo(source, i, "\n");
      } else if (source.startsWith("/*", i)) {
        i = skipTo(source, i + 2, "*/");
      } else if (source.startsWith("\"\"\"", i)) {
        i = skipTo(source, i + 3, "\"\"\"");
      } else if (c == '"' || c == '\'') {
        i++;
        while (i < n && source.charAt(i) != c) {
          i += source.charAt(i) == '\\' ? 2 : 1;
        }
        i++;
      } else {
        out.append(c);
        i++;
        continue;
      }
      out.append(' ');
    }
    return out.toString();
  }

  private static int skipTo(String source, int from, String end) {
    int at = source.indexOf(end, from);
    return at < 0 ? source.length() : at + end.length();
  }

  private static List<Path> javaFiles(Path root) {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(f -> f.toString().endsWith(".java"))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** Tarjan's strongly connected components of the package graph, the trivial ones left out. */
  private final class Components {
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new TreeSet<>();
    private final List<Set<String>> found = new ArrayList<>();

    List<Set<String>> find() {
      for (String pkg : packages) {
        if (!index.containsKey(pkg)) {
          visit(pkg);
        }
      }
      return found;
    }

    private void visit(String pkg) {
      index.put(pkg, index.size());
      low.put(pkg, index.get(pkg));
      stack.push(pkg);
      onStack.add(pkg);
      for (String next : edges.getOrDefault(pkg, Map.of()).keySet()) {
        if (!index.containsKey(next)) {
          visit(next);
          low.put(pkg, Math.min(low.get(pkg), low.get(next)));
        } else if (onStack.contains(next)) {
          low.put(pkg, Math.min(low.get(pkg), index.get(next)));
        }
      }
      if (low.get(pkg).equals(index.get(pkg))) {
        Set<String> component = new TreeSet<>();
        String member;
        do {
          member = stack.pop();
          onStack.remove(member);
          component.add(member);
        } while (!member.equals(pkg));
        if (component.size() > 1) {
          found.add(component);
        }
      }
    }
  }
}
