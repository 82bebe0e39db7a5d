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

import java.beans.Introspector;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.Hidden;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.options.Validation;

/**
 * A command's own help, made from its options interface: every option the examples declare (the
 * command's, and the shared {@link TableOptions}, {@link ProgressOptions}), with its description,
 * default and whether it is required; Beam's pipeline options behind one line saying how to see
 * them ({@code --help=<options interface>}, printed by Beam's own help).
 */
final class CommandHelp {
  private CommandHelp() {}

  /** One option of a command: its name, description, default (or null) and whether required. */
  record Option(String name, String description, String defaultValue, boolean required) {
    String line() {
      String text = "--" + name + "=" + placeholder();
      StringBuilder line = new StringBuilder("  ").append(text);
      line.append(" ".repeat(Math.max(1, 26 - text.length())));
      line.append(description);
      if (required) {
        line.append(" (required)");
      } else if (defaultValue != null) {
        line.append(" (default ").append(defaultValue).append(')');
      }
      return line.toString();
    }

    private String placeholder() {
      return name.toUpperCase(java.util.Locale.ROOT).replace('-', '_');
    }
  }

  /** The options of the examples' interfaces in {@code options}'s hierarchy, by name. */
  static List<Option> options(Class<? extends PipelineOptions> options) {
    Set<Class<?>> interfaces = new LinkedHashSet<>();
    collect(options, interfaces);
    List<Option> out = new ArrayList<>();
    for (Class<?> type : interfaces) {
      for (Method getter : type.getDeclaredMethods()) {
        String name = property(getter);
        if (name == null || getter.isAnnotationPresent(Hidden.class)) {
          continue;
        }
        Description description = getter.getAnnotation(Description.class);
        out.add(
            new Option(
                name,
                description == null ? "" : description.value(),
                defaultOf(getter),
                getter.isAnnotationPresent(Validation.Required.class)));
      }
    }
    out.sort(Comparator.comparing(Option::name));
    return out;
  }

  /** Prints {@code command}'s help. */
  static void print(
      String command, String synopsis, Class<? extends PipelineOptions> type, PrintStream out) {
    out.println("usage: java -jar hudi-beam-examples.jar " + command + " " + synopsis);
    out.println();
    out.println("Options:");
    for (Option option : options(type)) {
      out.println(option.line());
    }
    out.println(
        "  --hoodie.<key>=<value>    a Hudi setting, e.g. --hoodie.cleaner.commits.retained=5");
    out.println("  --hadoop.<key>=<value>    a Hadoop setting, e.g. --hadoop.fs.s3a.endpoint=URL");
    out.println();
    out.println(
        "Beam's pipeline options (--runner=DirectRunner|FlinkRunner, --parallelism=N, ...) are taken"
            + " too; to list them: java -jar hudi-beam-examples.jar "
            + command
            + " --help=DirectOptions (or FlinkPipelineOptions, or any Beam options interface).");
  }

  /** Prints Beam's own help for the options interface named {@code name} (simple or full name). */
  static boolean printBeamHelp(String name, PrintStream out) {
    for (Class<? extends PipelineOptions> type : PipelineOptionsFactory.getRegisteredOptions()) {
      if (type.getName().equals(name) || type.getSimpleName().equals(name)) {
        PipelineOptionsFactory.printHelp(out, type);
        return true;
      }
    }
    return false;
  }

  private static void collect(Class<?> type, Set<Class<?>> interfaces) {
    if (!type.getPackageName().equals(CommandHelp.class.getPackageName())) {
      return;
    }
    interfaces.add(type);
    Arrays.stream(type.getInterfaces()).forEach(i -> collect(i, interfaces));
  }

  private static String property(Method method) {
    String name = method.getName();
    if (method.getParameterCount() != 0) {
      return null;
    }
    if (name.startsWith("get") && name.length() > 3) {
      return Introspector.decapitalize(name.substring(3));
    }
    if (name.startsWith("is") && name.length() > 2) {
      return Introspector.decapitalize(name.substring(2));
    }
    return null;
  }

  private static String defaultOf(Method getter) {
    if (getter.isAnnotationPresent(Default.String.class)) {
      String value = getter.getAnnotation(Default.String.class).value();
      return value.isEmpty() ? "none" : value;
    }
    if (getter.isAnnotationPresent(Default.Long.class)) {
      return String.valueOf(getter.getAnnotation(Default.Long.class).value());
    }
    if (getter.isAnnotationPresent(Default.Integer.class)) {
      return String.valueOf(getter.getAnnotation(Default.Integer.class).value());
    }
    if (getter.isAnnotationPresent(Default.Boolean.class)) {
      return String.valueOf(getter.getAnnotation(Default.Boolean.class).value());
    }
    return null;
  }
}
